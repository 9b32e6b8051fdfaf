import { Box } from "ink";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { DocumentView } from "../../src/ui/DocumentView.js";
import { TableView } from "../../src/ui/TableView.js";
import { documentLines } from "../../src/ui/browser/TaskScreen.js";

describe("TableView", () => {
  it("shows the header and every row with aligned columns", () => {
    const { lastFrame } = render(
      <TableView
        table={{
          headers: ["ID", "LABEL"],
          rows: [
            ["fill-mask", "Fill-Mask"],
            ["translation", "Translation"],
          ],
        }}
      />,
    );
    const lines = (lastFrame() ?? "").split("\n");
    expect(lines[0]).toMatch(/^ID\s+LABEL$/);
    expect(lines[1]).toMatch(/^fill-mask\s+Fill-Mask$/);
    expect(lines[2]).toMatch(/^translation\s+Translation$/);
    expect(lines[1]!.indexOf("Fill-Mask")).toBe(lines[2]!.indexOf("Translation"));
  });
});

describe("DocumentView", () => {
  it("shows the title, subtitle, section titles and lines", () => {
    const { lastFrame } = render(
      <DocumentView
        document={{
          title: "Fill-Mask",
          subtitle: "Guess the hidden word.",
          sections: [
            { title: "Models", lines: [{ primary: "bert-base-uncased", secondary: "A classic encoder." }] },
            { title: "Widget models", lines: [{ primary: "distilroberta-base" }] },
          ],
        }}
      />,
    );
    const frame = lastFrame() ?? "";
    expect(frame).toContain("Fill-Mask");
    expect(frame).toContain("Guess the hidden word.");
    expect(frame).toContain("Models");
    expect(frame).toContain("bert-base-uncased  A classic encoder.");
    expect(frame).toContain("Widget models");
    expect(frame).toContain("distilroberta-base");
  });

  it("puts each line of a section on its own indented line, wrapped lines indented too, and an empty section bare", () => {
    const long = "a description long enough to wrap at forty columns of terminal";
    const { lastFrame } = render(
      <Box width={40}>
        <DocumentView
          document={{
            title: "T",
            sections: [
              { title: "Models", lines: [{ primary: "one", secondary: long }, { primary: "two" }, { primary: "three", secondary: "short" }] },
              { title: "Empty", lines: [] },
            ],
          }}
        />
      </Box>,
    );
    const lines = (lastFrame() ?? "").split("\n");
    expect(lines[0]).toBe("T");
    expect(lines[2]).toBe("Models");
    const end = lines.indexOf("", 3);
    const body = lines.slice(3, end);
    expect(body.length).toBeGreaterThan(3);
    expect(body.every((line) => line.startsWith("  "))).toBe(true);
    expect(body.map((line) => line.trim()).join(" ")).toBe(`one  ${long} two three  short`);
    expect(lines.slice(end + 1)).toEqual(["Empty"]);
  });
});

describe("DocumentView at a width (issue 56, 18)", () => {
  it("indents the rows a wrapped line continues on by four, its first row by two, as the browser's task page does", () => {
    const long = "a description long enough to wrap at forty columns of terminal, and then some more";
    const document = { title: "T", sections: [{ title: "Models", lines: [{ primary: "one", secondary: long }, { primary: "two" }] }] };
    const { lastFrame } = render(<DocumentView document={document} width={40} />);
    const lines = (lastFrame() ?? "").split("\n");
    const body = lines.slice(3);
    expect(body[0]).toMatch(/^ {2}one {2}a description/);
    const continued = body.slice(1, body.indexOf("  two"));
    expect(continued.length).toBeGreaterThan(1);
    for (const row of continued) expect(row).toMatch(/^ {4}\S/);
    expect(body.every((row) => row.length <= 40)).toBe(true);
    expect(body.map((row) => row.trim()).join(" ")).toBe(`one  ${long} two`);
    expect(documentLines(document, 40).slice(3)).toEqual(body);
  });
});
