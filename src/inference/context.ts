import type { TemplateContext } from "../code/template-context.js";

/**
 * A client's context: the values its language shares, then its own. Object.assign rather than
 * `{ ...shared, … }`: on Node 20's V8 a spread followed by more properties takes a slow path (docs/performance.md,
 * "Measured choices").
 */
export function joinContexts(shared: TemplateContext, own: TemplateContext): TemplateContext {
  return Object.assign(shared, own);
}
