/** Values a template places: code fragments already written by the literal writers, and flags. */
export type TemplateContext = Record<string, string | boolean | undefined>;

/**
 * A client's context: the values its language shares, then its own. Object.assign rather than
 * `{ ...shared, … }`: on Node 20's V8 a spread followed by more properties takes a slow path (docs/performance.md,
 * "Measured choices").
 */
export function joinContexts(shared: TemplateContext, own: TemplateContext): TemplateContext {
  return Object.assign(shared, own);
}
