import type { Snippet } from "../code/snippet.js";
import type { SnippetKind } from "../model-answer/answer.js";

/** The kind of a printed snippet: a model's (inference, library, app, deploy), or a dataset's loading code. */
type SectionKind = SnippetKind | "deploy" | "dataset";

/** A snippet with its kind, as the model and dataset commands print them. */
export interface KindedSnippet extends Snippet {
  kind: SectionKind;
}

/** One kind's snippets under its heading, as a model's answer prints them. */
export interface SnippetSection {
  kind: SectionKind;
  title: string;
  snippets: KindedSnippet[];
}

const titles: Record<SectionKind, (snippets: readonly KindedSnippet[]) => string> = {
  inference: () => "Inference",
  library: (snippets) => `Library: ${snippets[0]?.client ?? ""}`,
  app: () => "Local apps",
  deploy: () => "Deploy on a dedicated endpoint",
  dataset: () => "Dataset",
};

/** The snippets grouped by kind, in the order they came (the core lists inference, then library, then apps). */
export function snippetSections(snippets: readonly KindedSnippet[]): SnippetSection[] {
  const sections: SnippetSection[] = [];
  for (const snippet of snippets) {
    const last = sections.at(-1);
    if (last?.kind === snippet.kind) last.snippets.push(snippet);
    else sections.push({ kind: snippet.kind, title: "", snippets: [snippet] });
  }
  for (const section of sections) section.title = titles[section.kind](section.snippets);
  return sections;
}
