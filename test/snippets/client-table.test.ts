import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { templatesDir } from "../../src/paths.js";
import { clientNames, clientTable, clientsByLanguage, describeClients } from "../../src/inference/clients.js";
import { languages } from "../../src/code/languages.js";
import { listProviders, providersForTask, providerTaskOf } from "../../src/catalogue/providers.js";
import { type InferenceRequest } from "../../src/inference/request.js";
import { inferenceKinds, type InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { optionSets, recordFor } from "../helpers/corpus.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/** `<language>/<client>` of every template folder on disk. */
function templateFolders(): string[] {
  return readdirSync(templatesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((language) =>
      readdirSync(`${templatesDir}${language.name}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((client) => `${language.name}/${client.name}`),
    );
}

const rowNames = clientTable.map((row) => `${row.language}/${row.client}`);

/** Every request made of a kind: each option set, and each provider that serves it, through the router and directly. */
function requestsOf(kind: InferenceKind): InferenceRequest[] {
  const providers = providersForTask(kind).flatMap((provider) => [{ provider }, { provider, direct: true }]);
  return [...Object.values(optionSets), ...providers].flatMap((options) => {
    try {
      return buildInferenceRequest(recordFor(kind), options) ?? [];
    } catch {
      // A provider that takes only its own key refuses the router: not a request.
      return [];
    }
  });
}

describe("the client table is the one registration of a client", () => {
  it("names each client of a language once", () => {
    expect(new Set(rowNames).size).toBe(rowNames.length);
  });

  it("has a row for every template folder, and a template folder for every row", () => {
    expect([...templateFolders()].sort()).toEqual([...rowNames].sort());
  });

  it.each(clientTable.map((row) => [`${row.language}/${row.client}`, row] as const))(
    "%s has a template for each family it claims, and no other",
    (name, row) => {
      const onDisk = readdirSync(`${templatesDir}${name}`)
        .filter((file) => file.endsWith(".jinja"))
        .map((file) => file.slice(0, -".jinja".length));
      expect([...onDisk].sort()).toEqual([...row.families].sort());
    },
  );

  it.each(clientTable.map((row) => [`${row.language}/${row.client}`, row] as const))("%s writes every kind it claims, with a template it has", (name, row) => {
    expect(row.kinds.size).toBeGreaterThan(0);
    const served = row.provider === undefined ? undefined : new Set(listProviders().find((provider) => provider.id === row.provider)?.tasks);
    expect(served?.size ?? 1, `${row.provider} is in the provider table`).toBeGreaterThan(0);
    for (const kind of row.kinds) {
      if (served && !served.has(providerTaskOf(kind))) continue;
      const written = requestsOf(kind).filter((request) => row.context(request) !== undefined);
      expect(written.length, `${name} claims ${kind} but writes none of its requests`).toBeGreaterThan(0);
      for (const request of written) {
        const family = row.family(request);
        expect(row.families, `${kind}: ${family}`).toContain(family);
        expect(existsSync(`${templatesDir}${name}/${family}.jinja`), `${kind}: ${family}`).toBe(true);
      }
    }
  });

  // The table's kinds and provider are a shortcut, never a filter: a client's own context declines every request they rule out.
  it.each(clientTable.map((row) => [`${row.language}/${row.client}`, row] as const))("%s has no snippet for a request it does not claim", (_name, row) => {
    for (const kind of inferenceKinds) {
      for (const request of requestsOf(kind)) {
        const claimed = row.kinds.has(kind) && (row.provider === undefined || (request.call?.provider.id === row.provider && request.call.direct));
        if (!claimed) expect(row.context(request), `${kind} ${request.provider}`).toBeUndefined();
      }
    }
  });

  it("gives every language and client to the public lists and the --client help", () => {
    // The answer's order: Python first, SDK clients before raw HTTP (whose queue-polling snippets run longest).
    expect(languages).toEqual(["python", "js", "sh"]);
    expect(clientsByLanguage.python).toEqual(["huggingface_hub", "openai", "fal_client", "requests"]);
    expect(clientsByLanguage.js).toEqual(["huggingface.js", "openai", "fetch"]);
    expect(clientNames).toEqual(["huggingface_hub", "openai", "fal_client", "requests", "huggingface.js", "fetch", "curl"]);
    for (const row of clientTable) expect(describeClients()).toContain(row.client);
  });
});
