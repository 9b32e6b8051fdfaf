import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { SnippetsView } from "../../src/ui/SnippetsView.js";

const withoutColour = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

describe("SnippetsView", () => {
  it("shows one titled block per snippet with its code", () => {
    const { lastFrame } = render(
      <SnippetsView
        snippets={[
          { language: "python", client: "requests", content: 'import requests\n\nprint("hi")' },
          { language: "sh", client: "curl", content: "curl -X POST 'https://example.test'" },
        ]}
      />,
    );
    const frame = withoutColour(lastFrame() ?? "");
    expect(frame).toContain("python · requests");
    expect(frame).toContain("sh · curl");
    expect(frame).toContain("import requests");
    expect(frame).toContain('print("hi")');
    expect(frame).toContain("curl -X POST 'https://example.test'");
    expect(frame.indexOf("python · requests")).toBeLessThan(frame.indexOf("sh · curl"));
  });
});
