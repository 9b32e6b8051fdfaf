import { describe, expect, it } from "vitest";
import { taskDocument } from "../../src/presenters/task-document.js";
import { documentLines } from "../../src/ui/browser/TaskScreen.js";
import { renderApp, tasks, type } from "./browser-helpers.js";

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const pageDown = "\u001b[6~";

// A row squeezed to nothing lets the next one be drawn over it: the frame then shows one line's start with another
// line's end (`across hundreds of subreddits.ge-caption pairs…` on text-to-image at 80×24), which the terminal keeps.
describe("a scrolled task page", () => {
  for (const [columns, rows] of [
    [80, 24],
    [120, 40],
  ] as const) {
    it(`shows each line of the page whole and in order, page after page, at ${columns}×${rows}`, async () => {
      for (const task of tasks.filter((entry) => ["text-to-image", "automatic-speech-recognition", "text-classification"].includes(entry.id))) {
        const view = renderApp({ columns, rows });
        await type(view.stdin, `/${task.id}\r`);
        const body = () =>
          plain(view.frame())
            .split("\n")
            .slice(1)
            .map((row) => row.trimEnd());
        // The page's lines, drawn a column short of the terminal's width (the last column is left as slack).
        const expected = documentLines(taskDocument(task), columns - 1).map((line) => line.trimEnd());
        for (let page = 0; page < 4; page += 1) {
          const shown = body();
          const where = /lines (\d+)–(\d+) of \d+/.exec(shown.join("\n"));
          expect(where, `${task.id} page ${page}`).not.toBeNull();
          const [first, last] = [Number(where![1]), Number(where![2])];
          expect(shown.slice(0, last - first + 1), `${task.id} page ${page}`).toEqual(expected.slice(first - 1, last));
          await type(view.stdin, pageDown);
        }
        view.unmount();
      }
    });
  }
});
