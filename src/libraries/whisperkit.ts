import type { RecordView } from "../model/view.js";
import { shell } from "./shell-code.js";
import { shellSnippet, type LibraryGenerator } from "./types.js";

/*
 * WhisperKit (Swift, Apple silicon) transcribes with its CLI from a folder of Core ML models. A repository such as
 * argmaxinc/whisperkit-coreml holds one folder per model: the snippet downloads one (the smallest "tiny" one when
 * present, for a quick first run) and points the CLI at it.
 */

const marker = "AudioEncoder.mlmodelc/";

/** The folders that hold a WhisperKit model ("" for the repository root), in the record's order. */
function modelFolders(view: RecordView): string[] {
  const folders = view.fileNames.flatMap((name) => {
    const at = name.indexOf(marker);
    return at === 0 ? [""] : at > 0 && name[at - 1] === "/" ? [name.slice(0, at - 1)] : [];
  });
  return [...new Set(folders)];
}

export const whisperkit: LibraryGenerator = (view) => {
  const folders = modelFolders(view);
  const folder = folders.find((name) => /tiny/i.test(name)) ?? folders[0];
  if (folder === undefined) {
    return [
      shellSnippet(shell`hf download ${view.id} --local-dir whisperkit
# point --model-path at the downloaded folder that holds AudioEncoder.mlmodelc
whisperkit-cli transcribe --model-path whisperkit --audio-path audio.wav`),
    ];
  }
  if (folder === "") {
    return [
      shellSnippet(shell`hf download ${view.id} --local-dir whisperkit
whisperkit-cli transcribe --model-path whisperkit --audio-path audio.wav`),
    ];
  }
  return [
    shellSnippet(shell`hf download ${view.id} --include ${`${folder}/*`} --local-dir whisperkit
whisperkit-cli transcribe --model-path ${`whisperkit/${folder}`} --audio-path audio.wav`),
  ];
};
