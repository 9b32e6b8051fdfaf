import type { ModelSnippet, SnippetKind } from "../snippets/model-snippets.js";

/** One kind's snippets under its heading, as a model's answer prints them. */
export interface SnippetSection {
  kind: SnippetKind;
  title: string;
  snippets: ModelSnippet[];
}

const titles: Record<SnippetKind, (snippets: readonly ModelSnippet[]) => string> = {
  inference: () => "Inference",
  library: (snippets) => `Library: ${snippets[0]?.client ?? ""}`,
  app: () => "Local apps",
};

/** The snippets grouped by kind, in the order they came (the core lists inference, then library, then apps). */
export function snippetSections(snippets: readonly ModelSnippet[]): SnippetSection[] {
  const sections: SnippetSection[] = [];
  for (const snippet of snippets) {
    const last = sections.at(-1);
    if (last?.kind === snippet.kind) last.snippets.push(snippet);
    else sections.push({ kind: snippet.kind, title: "", snippets: [snippet] });
  }
  for (const section of sections) section.title = titles[section.kind](section.snippets);
  return sections;
}
