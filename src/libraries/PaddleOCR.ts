import type { RecordView } from "../model/view.js";
import { downloadOnlySnippet } from "./download-only.js";
import { arg, call, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * PaddleOCR 3 runs each of its models with a module class (TextDetection, TextRecognition, LayoutDetection…)
 * chosen here from the model's name, which PaddlePaddle's repositories carry as their own. The repository is
 * downloaded and handed over as model_dir with that name, which must match the model's inference.yml. The
 * PaddleOCR-VL document parser is a pipeline of its own.
 */

/** Module classes by model name; the first match wins (seal and table-cell detectors before the text detectors). */
const modules: readonly (readonly [RegExp, string])[] = [
  [/_seal_det$/, "SealTextDetection"],
  [/_table_cell_det$/, "TableCellsDetection"],
  [/_det$/, "TextDetection"],
  [/_rec$/, "TextRecognition"],
  [/_doc_ori$/, "DocImgOrientationClassification"],
  [/_textline_ori$/, "TextLineOrientationClassification"],
  [/_table_cls$/, "TableClassification"],
  [/^PP-Doc(Block)?Layout/, "LayoutDetection"],
  [/^SLANe(t|Xt)/, "TableStructureRecognition"],
  [/^(PP-FormulaNet|UniMERNet)/, "FormulaRecognition"],
  [/^UVDoc$/, "TextImageUnwarping"],
];

const image = "https://paddle-model-ecology.bj.bcebos.com/paddlex/imgs/demo_image/general_ocr_002.png";

function moduleSnippet(view: RecordView, name: string, className: string): string {
  return python`from huggingface_hub import snapshot_download
from paddleocr import ${ref(className)}

${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
${call(`model = ${className}(`, [kwarg("model_name", name), kwarg("model_dir", ref("path"))])}
${call("output = model.predict(", [arg(image), kwarg("batch_size", 1)])}
for result in output:
    result.print()
    result.save_to_json(save_path=${"output"})`;
}

const vlSnippet = python`from paddleocr import PaddleOCRVL

pipeline = PaddleOCRVL()
${call("output = pipeline.predict(", [arg(image)])}
for result in output:
    result.print()
    result.save_to_markdown(save_path=${"output"})`;

export const paddleocr: LibraryGenerator = (view) => {
  const name = repoName(view);
  if (view.id === "PaddlePaddle/PaddleOCR-VL") return [pythonSnippet(vlSnippet)];
  const className = modules.find(([pattern]) => pattern.test(name))?.[1];
  if (!className) return [downloadOnlySnippet(view, "https://github.com/PaddlePaddle/PaddleOCR")];
  return [pythonSnippet(moduleSnippet(view, name, className))];
};
