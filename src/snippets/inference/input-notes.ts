import { sampleFiles } from "../../model/examples.js";
import { inferenceTasks, type FileKind, type InferenceKind } from "../../catalogue/inference-kinds.js";

const fileKinds = { audio: "an audio file", image: "an image file" } as const;

/**
 * What an answer's inference code needs from the user that the code does not say: the local file it sends (the
 * example's sample.flac or image.jpg, which the user brings), and the endpoint's token that --endpoint-url's code
 * reads from $API_TOKEN.
 */
export function inputNotes(kind: InferenceKind, endpointUrl: string | undefined): string[] {
  const notes: string[] = [];
  const file = inferenceTasks[kind].file;
  if (file) notes.push(sampleFileNote(file));
  if (endpointUrl !== undefined) notes.push("the code reads the endpoint's token from $API_TOKEN: export API_TOKEN=<your token> before running it");
  return notes;
}

/** The note of a call that sends the example's sample file, which the user brings (a notebook fetches one instead). */
export function sampleFileNote(file: FileKind): string {
  return `the code reads ${sampleFiles[file].name}, ${fileKinds[file]} of your own: put one of that name where you run it, or change the name in the code`;
}
