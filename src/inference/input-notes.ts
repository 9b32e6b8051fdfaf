import { sampleFiles } from "../model/examples.js";
import type { FileKind } from "../catalogue/inference-kinds.js";

const fileKinds = { audio: "an audio file", image: "an image file" } as const;

/** The note of --endpoint-url's code, which reads the endpoint's token from $API_TOKEN. */
export const endpointTokenNote = "the code reads the endpoint's token from $API_TOKEN: export API_TOKEN=<your token> before running it";

/** The note of a call that sends the example's sample file, which the user brings (a notebook fetches one instead). */
export function sampleFileNote(file: FileKind): string {
  return `the code reads ${sampleFiles[file].name}, ${fileKinds[file]} of your own: put one of that name where you run it, or change the name in the code`;
}
