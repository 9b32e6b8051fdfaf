import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import type { ModelSnippet } from "../../src/model-answer/answer.js";
import { sliceColumns } from "../../src/ui/browser/ansi-columns.js";
import { CodeView } from "../../src/ui/browser/CodeView.js";
import { ModelPage } from "../../src/ui/browser/ModelPage.js";
import { showSnippets } from "../../src/ui/render-snippets.js";
import { snippetsText } from "../../src/ui/snippets-text.js";
import { noNotebookSaver, record, type } from "./browser-helpers.js";

vi.mock("../../src/terminal/clipboard.js", () => ({ copyText: async () => "osc52" }));

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const longLine = `curl -X POST 'https://router.huggingface.co/hf-inference/models/${"x".repeat(150)}' -H 'Authorization: Bearer $HF_TOKEN'`;
const snippets: ModelSnippet[] = [
  { kind: "inference", language: "sh", client: "curl", content: `${longLine}\n    --data '{"inputs": "hi"}'` },
  { kind: "inference", language: "python", client: "requests", content: 'import requests\n\nprint("hi")' },
];

describe("snippets printed on a terminal (snippet command)", () => {
  it("writes each snippet's code as it is: no border, no line broken at the window's width", () => {
    const text = plain(snippetsText(snippets));
    expect(text).not.toMatch(/[│╭╮╰╯─]/);
    const lines = text.split("\n");
    expect(lines).toContain(longLine);
    expect(lines).toContain(`    --data '{"inputs": "hi"}'`);
    expect(text).toContain('import requests\n\nprint("hi")');
    expect(text.indexOf("sh · curl")).toBeLessThan(text.indexOf("python · requests"));
  });

  it("does not lay the code out at the terminal's width", () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const columns = Object.getOwnPropertyDescriptor(process.stdout, "columns");
    Object.defineProperty(process.stdout, "columns", { value: 40, configurable: true });
    try {
      showSnippets(snippets);
    } finally {
      write.mockRestore();
      if (columns) Object.defineProperty(process.stdout, "columns", columns);
    }
    expect(plain(written.join("")).split("\n")).toContain(longLine);
  });
});

describe("code in the browser", () => {
  it("cuts long lines at the edge without a mark, and scrolls sideways", () => {
    const lines = [longLine, "short"];
    const first = render(<CodeView lines={lines} top={0} left={0} width={40} height={5} />);
    const [line] = (first.lastFrame() ?? "").split("\n");
    expect(line).toBe(longLine.slice(0, 40));
    expect(first.lastFrame()).toContain(`columns 1–40 of ${longLine.length}`);
    const moved = render(<CodeView lines={lines} top={0} left={40} width={40} height={5} />);
    expect((moved.lastFrame() ?? "").split("\n")[0]).toBe(longLine.slice(40, 80));
  });

  it("keeps colour codes but counts only what shows", () => {
    const coloured = "\u001b[32mimport\u001b[39m requests";
    expect(plain(sliceColumns(coloured, 2, 6))).toBe("port r");
    expect(sliceColumns(coloured, 0, 3)).toContain("\u001b[32m");
    expect(plain(sliceColumns("日本語abc", 1, 4))).toBe("本");
    expect(plain(sliceColumns("日本語abc", 2, 5))).toBe("本語a");
  });
});

describe("copying from the model page without a clipboard tool", () => {
  it("claims only that an OSC 52 request was sent", async () => {
    const { copyWithMessage } = await import("../../src/ui/browser/run.js");
    const { snippetSources } = await import("../../src/ui/browser/snippet-sources.js");
    const view = render(
      <ModelPage
        model={record("examples/whisper-large-v3.json")}
        sources={snippetSources}
        width={120}
        height={30}
        active
        copy={copyWithMessage}
        saveNotebook={noNotebookSaver}
        onBack={vi.fn()}
        onChooseModel={vi.fn()}
      />,
    );
    await type(view.stdin, "c");
    await vi.waitFor(() => expect(view.lastFrame()).toContain("Sent an OSC 52 copy request; a terminal may block it (? says how to allow it)."));
    expect(view.lastFrame()).not.toContain("Asked the terminal to copy it");
  });
});
