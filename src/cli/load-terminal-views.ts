/**
 * Loads the Ink views (Ink, React, the highlighter), which cost a lot at start-up: only a terminal run pays.
 * The CLI build replaces this module with scripts/cli-bundle/swaps/load-ui-bundled.ts (loads dist/ui.cjs).
 */
export const loadTerminalViews = () => import("../ui/terminal-views.js");
