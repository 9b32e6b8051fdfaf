// The parts of Ink a one-shot view uses, imported from their own modules rather than from Ink's index: in the
// views bundle, importing the index starts all of Ink (the live renderer, its input parser, signal-exit,
// stack-utils, cli-cursor…) before the first frame of a command that draws once. Ink's package exports only its
// index, hence the paths into its build folder; they are the same modules (and the same React contexts) as the
// index's.
export { default as Box } from "../../node_modules/ink/build/components/Box.js";
export { default as Text } from "../../node_modules/ink/build/components/Text.js";
export { default as renderToString } from "../../node_modules/ink/build/render-to-string.js";
export { default as sanitizeAnsi } from "../../node_modules/ink/build/sanitize-ansi.js";
// What renderToString is made of (render-once.tsx renders a frame the same way, writing it before unmounting).
export { createNode } from "../../node_modules/ink/build/dom.js";
export { default as inkReconciler } from "../../node_modules/ink/build/reconciler.js";
export { default as inkRenderer } from "../../node_modules/ink/build/renderer.js";
export { default as Yoga } from "yoga-layout";
