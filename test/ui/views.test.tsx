import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { DocumentView } from "../../src/ui/DocumentView.js";
import { TableView } from "../../src/ui/TableView.js";

describe("TableView", () => {
  it("shows the header and every row with aligned columns", () => {
    const { lastFrame } = render(
      <TableView table={{ headers: ["ID", "LABEL"], rows: [["fill-mask", "Fill-Mask"], ["translation", "Translation"]] }} />,
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
});
