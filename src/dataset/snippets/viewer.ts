import { jsCallWithObject } from "../../code/literals/javascript.js";
import { arg, call, python, ref } from "../../libraries/python-code.js";
import { shell } from "../../libraries/shell-code.js";
import type { DataValue } from "../../values/data-value.js";
import type { DatasetChoice } from "./choice.js";
import type { DatasetCode } from "./python-readers.js";

/*
 * The dataset viewer's HTTP API (datasets-server.huggingface.co): the dataset's configs and splits, the first rows
 * of the chosen split, and a full-text search in it. Without a known config and split, only the splits. Query
 * values are URL-encoded by the client (curl's --data-urlencode, requests' params, URLSearchParams), so a name
 * from the record is sent as it is. A gated or private dataset is read with the user's token.
 */

export const viewerBase = "https://datasets-server.huggingface.co";

/** What the snippet searches for: a word to replace with the user's own. */
const searchText = "great";

interface ViewerCall {
  endpoint: "splits" | "first-rows" | "search";
  params: [string, string][];
}

function viewerCalls(choice: DatasetChoice): ViewerCall[] {
  const dataset: [string, string] = ["dataset", choice.view.id];
  const calls: ViewerCall[] = [{ endpoint: "splits", params: [dataset] }];
  if (choice.config && choice.split) {
    const chosen: [string, string][] = [dataset, ["config", choice.config.name], ["split", choice.split.name]];
    calls.push({ endpoint: "first-rows", params: chosen });
    calls.push({
      endpoint: "search",
      params: [...chosen, ["query", searchText], ["offset", "0"], ["length", "10"]],
    });
  }
  return calls;
}

/** The name of each call's answer in the code. */
const variables: Record<ViewerCall["endpoint"], { python: string; js: string }> = {
  splits: { python: "splits", js: "splits" },
  "first-rows": { python: "first_rows", js: "firstRows" },
  search: { python: "found", js: "found" },
};

const signedIn = (choice: DatasetChoice) => choice.view.access.gated || choice.view.access.private;

export function viewerCurl(choice: DatasetChoice): DatasetCode {
  const auth = signedIn(choice) ? ' \\\n  -H "Authorization: Bearer $HF_TOKEN"' : "";
  const commands = viewerCalls(choice).map(({ endpoint, params }) => {
    const words = params.map(([name, value]) => shell` \\\n  --data-urlencode ${`${name}=${value}`}`).join("");
    return `curl -s --get ${viewerBase}/${endpoint}${auth}${words}`;
  });
  return { content: `${commands.join("\n")}\n`, pip: [] };
}

const paramObject = (params: [string, string][]): { [key: string]: DataValue } => Object.fromEntries(params);

export function viewerRequests(choice: DatasetChoice): DatasetCode {
  const signed = signedIn(choice);
  const calls = viewerCalls(choice).map(
    ({ endpoint, params }) =>
      `${call(`${variables[endpoint].python} = viewer(`, [arg(endpoint), arg(paramObject(params))]).text}\nprint(${variables[endpoint].python})`,
  );
  const head = signed
    ? `import os\n\nimport requests\n\nAPI_URL = "${viewerBase}"\nheaders = {"Authorization": f"Bearer {os.environ['HF_TOKEN']}"}`
    : `import requests\n\nAPI_URL = "${viewerBase}"`;
  const get = signed ? 'requests.get(f"{API_URL}/{endpoint}", params=params, headers=headers)' : 'requests.get(f"{API_URL}/{endpoint}", params=params)';
  const fetcher = `def viewer(endpoint, params):\n    response = ${get}\n    response.raise_for_status()\n    return response.json()`;
  return {
    content: python`${ref(head)}\n\n\n${ref(fetcher)}\n\n\n${ref(calls.join("\n"))}\n`,
    pip: ["requests"],
  };
}

export function viewerFetch(choice: DatasetChoice): DatasetCode {
  const request = signedIn(choice) ? "fetch(url, {\n    headers: { Authorization: `Bearer ${process.env.HF_TOKEN}` },\n  })" : "fetch(url)";
  const fetcher = [
    `const API_URL = "${viewerBase}";`,
    "",
    "async function viewer(endpoint, params) {",
    "  const url = `${API_URL}/${endpoint}?${new URLSearchParams(params)}`;",
    `  const response = await ${request};`,
    "  if (!response.ok) {",
    "    throw new Error(`${response.status}: ${await response.text()}`);",
    "  }",
    "  return response.json();",
    "}",
  ].join("\n");
  const calls = viewerCalls(choice).map(
    ({ endpoint, params }) =>
      `${jsCallWithObject(`const ${variables[endpoint].js} = await viewer("${endpoint}", `, paramObject(params), ");")}\nconsole.log(${variables[endpoint].js});`,
  );
  return { content: `${fetcher}\n\n${calls.join("\n")}\n`, pip: [] };
}
