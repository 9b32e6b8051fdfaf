import { arg, assign, call, kwarg, python, ref } from "../../libraries/python-code.js";
import { code } from "../../values/data-value.js";
import type { DatasetChoice } from "./choice.js";
import type { DatasetCode } from "./python-readers.js";

/*
 * Croissant, the dataset's metadata as JSON-LD, which the Hub serves for every dataset its viewer reads, and
 * WebDataset, which streams the samples of tar shards. Values from the record enter the code as Python literals.
 */

/** The Hub's Croissant description of a dataset. */
const croissantUrl = (id: string) => `https://huggingface.co/api/datasets/${id}/croissant`;

/** How many configs the Hub's Croissant describes: the default one, then the others by name, up to this many. */
const croissantConfigLimit = 100;

/** Why the Hub's Croissant has no record set for the chosen config (it is not among the configs it describes), or undefined. */
export function croissantRefusal(choice: DatasetChoice): string | undefined {
  const config = choice.config;
  if (config === undefined || choice.view.configs.length <= croissantConfigLimit) return undefined;
  const first = choice.view.defaultConfig?.name;
  const others = choice.view.configs
    .map((entry) => entry.name)
    .filter((name) => name !== first)
    .sort();
  const described = [...(first === undefined ? [] : [first]), ...others].slice(0, croissantConfigLimit);
  return described.includes(config.name)
    ? undefined
    : `the Hub's Croissant describes ${croissantConfigLimit} of its ${choice.view.configs.length} configs (the default one, then the others by name), not ${config.name}`;
}

/** mlcroissant reads the description, then the record set of the chosen config (the Hub names each after its config). */
export function croissantCode(choice: DatasetChoice): DatasetCode {
  const gated = choice.view.access.gated || choice.view.access.private;
  const recordSet = choice.config?.name ?? "default";
  const load = gated
    ? // The description of a gated or private dataset is served to a signed-in user only.
      python`headers = {"Authorization": f"Bearer {get_token()}"}\n${call("response = requests.get(", [arg(croissantUrl(choice.view.id)), kwarg("headers", ref("headers"))])}\nresponse.raise_for_status()\ndataset = mlc.Dataset(jsonld=response.json())`
    : call("dataset = mlc.Dataset(", [kwarg("jsonld", croissantUrl(choice.view.id))]).text;
  const imports = gated
    ? "import itertools\n\nimport mlcroissant as mlc\nimport requests\nfrom huggingface_hub import get_token"
    : "import itertools\n\nimport mlcroissant as mlc";
  const records = call("records = dataset.records(", [kwarg("record_set", recordSet)]);
  // The Hub's record set holds every split of its config; its `<config>/split` field says which (bytes, as
  // mlcroissant reads text, or a string).
  const filter = choice.split
    ? // The names are assigned first, so that no line holding one depends on its length (black's 88 columns).
      python`\n${assign("field =", `${recordSet}/split`)}\n${assign("split =", choice.split.name)}\n\n\ndef split_of(record):\n    value = record[field]\n    return value.decode() if isinstance(value, bytes) else value\n\n\nrows = (record for record in records if split_of(record) == split)`
    : "";
  const rows = choice.split ? "rows" : "records";
  // mlcroissant reads the Hub's parquet files with its parquet extra, and its Hub file sets through GitPython.
  const pip = ["mlcroissant[parquet]", "GitPython", ...(gated ? ["requests", "huggingface-hub"] : [])];
  return {
    content: python`${ref(imports)}\n\n${ref(load)}\n${records}${ref(filter)}\nfor record in itertools.islice(${ref(rows)}, 5):\n    print(record)\n`,
    pip,
  };
}

/**
 * WebDataset reads shards by URL: the Hub's file system lists the tar files of the chosen split, and
 * hf_hub_url gives each one's download URL. A gated or private dataset's shards are fetched with curl and the
 * user's token (WebDataset's `pipe:` URLs), since WebDataset itself sends no header.
 */
export function webdatasetCode(choice: DatasetChoice): DatasetCode | undefined {
  if (choice.format !== "webdataset" || choice.paths.length === 0) return undefined;
  const gated = choice.view.access.gated || choice.view.access.private;
  // Each line as black writes it: the glob call by the call printer, the comprehensions within 88 columns.
  const list =
    choice.paths.length === 1
      ? `${call("paths = fs.glob(", [arg(choice.paths[0]!)]).text}\nfiles = [fs.resolve_path(path) for path in paths]`
      : `${assign("patterns =", choice.paths).text}\nfiles = [fs.resolve_path(path) for pattern in patterns for path in fs.glob(pattern)]`;
  const urls = 'urls = [\n    hf_hub_url(file.repo_id, file.path_in_repo, repo_type="dataset") for file in files\n]';
  const signed = gated ? `\ntoken = get_token()\nurls = [f"pipe:curl -s -L -H 'Authorization: Bearer {token}' {url}" for url in urls]` : "";
  const imports = `import itertools\n\nimport webdataset as wds\nfrom huggingface_hub import HfFileSystem, ${gated ? "get_token, " : ""}hf_hub_url`;
  return {
    content: python`${ref(imports)}\n\nfs = HfFileSystem()\n${code(list)}\n${ref(urls)}${ref(signed)}\ndataset = wds.WebDataset(urls, shardshuffle=False)\nfor sample in itertools.islice(dataset, 3):\n    print(sorted(sample.keys()))\n`,
    pip: ["webdataset", "huggingface-hub"],
  };
}
