import { listModalities } from "../catalogue/pipelines.js";
import { unknownIdError } from "../catalogue/nearest.js";

/** Short names people use for a modality, beside its id and its label. */
const modalityAliases: Readonly<Record<string, string>> = { vision: "cv", image: "cv", text: "nlp", language: "nlp", speech: "audio" };

const words = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");

/** `--modality` as a modality id, from its id, its label (`computer-vision`, `Computer Vision`) or an alias, in any case. */
export function modalityOption(given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  const name = words(given);
  const modalities = listModalities();
  const found = modalities.find((modality) => modality.id === name || words(modality.label) === name)?.id ?? modalityAliases[name];
  if (found === undefined) {
    const ids = modalities.map((modality) => modality.id);
    throw unknownIdError("modality", given, [...ids, ...Object.keys(modalityAliases)], `one of: ${ids.join(", ")}`);
  }
  return found;
}
