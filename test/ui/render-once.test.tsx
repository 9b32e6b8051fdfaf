import { describe, expect, it } from "vitest";
import { getTask, listTaskIds, listTasks } from "../../src/catalogue/tasks.js";
import { taskDocument } from "../../src/presenters/task-document.js";
import { taskTable } from "../../src/presenters/task-table.js";
import { DocumentView } from "../../src/ui/DocumentView.js";
import { renderToString } from "../../src/ui/ink-parts.js";
import { renderFrame } from "../../src/ui/render-once.js";
import { TableView } from "../../src/ui/TableView.js";

// printOnce renders a frame as Ink's renderToString does, but writes it before unmounting the tree.
function frameOf(element: Parameters<typeof renderFrame>[0], columns: number): string {
  const frames: string[] = [];
  renderFrame(element, columns, (frame) => frames.push(frame));
  expect(frames).toHaveLength(1);
  return frames[0]!;
}

describe("renderFrame", () => {
  it("draws every task's document and the task table as Ink's renderToString does", () => {
    for (const columns of [40, 100]) {
      for (const id of listTaskIds()) {
        const element = <DocumentView document={taskDocument(getTask(id)!)} />;
        expect(frameOf(element, columns)).toBe(renderToString(element, { columns }));
      }
      const table = <TableView table={taskTable(listTasks())} />;
      expect(frameOf(table, columns)).toBe(renderToString(table, { columns }));
    }
    // Every task's page drawn twice: a few seconds alone, past 30 s with the machine busy.
  }, 300_000);

  it("throws a component's error without writing a frame", () => {
    const Broken = () => {
      throw new Error("broken view");
    };
    const frames: string[] = [];
    expect(() => renderFrame(<Broken />, 80, (frame) => frames.push(frame))).toThrow("broken view");
    expect(frames).toEqual([]);
  });
});
