import type { ReactElement } from "react";
import type { Document, Table } from "../presenters/document.js";
import { DocumentView } from "./DocumentView.js";
import { createNode, inkReconciler, inkRenderer, Yoga } from "./ink-parts.js";
import { TableView } from "./TableView.js";

// react-reconciler's LegacyRoot: Ink's renderToString renders synchronously in a legacy root.
const legacyRoot = 0;

/**
 * Ink's renderToString, except that the frame goes to `write` before the tree is unmounted (React's unmount and
 * freeing yoga's nodes came before the first byte on the terminal). Without <Static> output, which the one-shot
 * views do not use. test/ui/render-once.test.tsx holds it to renderToString.
 */
export function renderFrame(element: ReactElement, columns: number, write: (frame: string) => void): void {
  const rootNode = createNode("ink-root");
  rootNode.onComputeLayout = () => {
    rootNode.yogaNode!.setWidth(columns);
    rootNode.yogaNode!.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);
  };
  let uncaughtError: unknown;
  const onError = (error: unknown) => {
    uncaughtError ??= error;
  };
  const container = inkReconciler.createContainer(
    rootNode,
    legacyRoot,
    null,
    false,
    null,
    "render-once",
    onError,
    () => {},
    () => {},
    () => {},
  );
  try {
    inkReconciler.updateContainerSync(element, container, null, () => {});
    inkReconciler.flushSyncWork();
    if (uncaughtError !== undefined) throw uncaughtError instanceof Error ? uncaughtError : new Error(String(uncaughtError));
    write(inkRenderer(rootNode, false).output);
  } finally {
    inkReconciler.updateContainerSync(null, container, null, () => {});
    inkReconciler.flushSyncWork();
    rootNode.yogaNode?.free();
  }
}

/**
 * Draws a component once, at the terminal's width, and writes it like ordinary output: a one-shot command
 * must not clear the screen or the scrollback the way a live Ink frame taller than the window does.
 */
function printOnce(element: ReactElement | ((columns: number) => ReactElement)): void {
  const columns = process.stdout.columns > 0 ? process.stdout.columns : 80;
  renderFrame(typeof element === "function" ? element(columns) : element, columns, (frame) => process.stdout.write(`${frame}\n`));
}

export function showTable(table: Table): void {
  printOnce((columns) => <TableView table={table} width={columns} />);
}

export function showDocument(document: Document): void {
  printOnce((columns) => <DocumentView document={document} width={columns} />);
}
