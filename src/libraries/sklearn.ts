import type { RecordView } from "../model/view.js";
import { configValue } from "./record-fields.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { installCommand } from "../code/install.js";
import { fallbackNotes, pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * scikit-learn models shared with skops: config.json's `sklearn.model.file` names the model file and
 * `sklearn.model_format` says how it was saved ("skops", or "pickle" for pickle and joblib files).
 */

type SklearnFormat = "skops" | "pickle";

function sklearnModel(view: RecordView): { file: string | undefined; format: SklearnFormat } {
  const file = configValue(view, "sklearn", "model", "file");
  const name = typeof file === "string" && file.trim() !== "" ? file : undefined;
  const declared = configValue(view, "sklearn", "model_format");
  const format = declared === "skops" || declared === "pickle" ? declared : name?.endsWith(".skops") ? "skops" : "pickle";
  return { file: name, format };
}

export const sklearn: LibraryGenerator = (view) => {
  const { file, format } = sklearnModel(view);
  const imports =
    format === "skops"
      ? `${file ? "from huggingface_hub import hf_hub_download" : "from huggingface_hub import hf_hub_download, list_repo_files"}\nfrom skops.io import get_untrusted_types, load`
      : `import joblib\n${file ? "from huggingface_hub import hf_hub_download" : "from huggingface_hub import hf_hub_download, list_repo_files"}`;
  // Without a file name, list the repository's files and leave a placeholder name to replace.
  const filename = file
    ? ""
    : python`${comment(fallbackNotes.noModelFile)}
${call("files = list_repo_files(", [arg(view.id)])}
print(files)
${assign("filename =", format === "skops" ? "model.skops" : "model.joblib")}  # one of the files listed above
`;
  const download = call("path = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", file ?? ref("filename"))]);
  const load =
    format === "skops"
      ? python`untrusted_types = get_untrusted_types(file=path)
print(untrusted_types)  # check this list: load() trusts every type in it
model = load(path, trusted=untrusted_types)`
      : python`# joblib.load runs code stored in the file: load only models you trust
model = joblib.load(path)`;
  // The registry row names both ways to save a model; a snippet needs the one its file was saved with.
  const install = installCommand("pip", ["scikit-learn", format === "skops" ? "skops" : "joblib", "huggingface-hub"]);
  return [
    {
      ...pythonSnippet(python`${ref(imports)}

${ref(filename)}${download}
${ref(load)}
print(model)`),
      install,
    },
  ];
};
