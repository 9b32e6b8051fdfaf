import { describe, expect, it } from "vitest";
import { listLibraries } from "../../src/catalogue/libraries.js";
import { listQuantTypes } from "../../src/catalogue/quant.js";
import { runCli } from "../helpers/cli.js";

const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split("\n")
    .map((line) => line.split(/\s{2,}/));

describe("quant list, biggest first (issue 43, 6)", () => {
  it("orders the file types by bits per weight, biggest first, and shows them", () => {
    const { stdout, code } = runCli(["quant", "list"]);
    expect(code).toBe(0);
    const [header, ...body] = rows(stdout);
    expect(header).toEqual(["NAME", "CODE", "KIND", "BITS/WEIGHT"]);
    const names = body.map((row) => row[0]);
    expect(names.indexOf("Q4_0")).toBeLessThan(names.indexOf("IQ4_XS"));
    expect(names.indexOf("Q5_1")).toBeLessThan(names.indexOf("Q5_0"));
    expect(names.indexOf("Q4_1")).toBeLessThan(names.indexOf("Q4_K_M"));
    const bits = body
      .map((row) => row[3])
      .filter((value) => value !== "?")
      .map(Number);
    expect(bits).toEqual([...bits].sort((a, b) => b - a));
    expect(body).toHaveLength(listQuantTypes().length);
  });

  it("lists the JSON in the same order, every field kept", () => {
    const json = JSON.parse(runCli(["quant", "list", "--json"]).stdout) as { name: string }[];
    expect(json.map((type) => type.name)).toEqual(
      rows(runCli(["quant", "list"]).stdout)
        .slice(1)
        .map((row) => row[0]),
    );
    expect(new Set(json)).toEqual(new Set(listQuantTypes()));
  });

  it("quant parse says what the label is, not a bare number", () => {
    expect(runCli(["quant", "parse", "Llama-3.2-3B-Instruct-Q4_K_M.gguf"]).stdout).toBe("Q4_K_M: GGUF file type 15, a k-quant of about 4.89 bits per weight\n");
    expect(runCli(["quant", "parse", "gpt-oss-20b-UD-Q4_K_XL.gguf"]).stdout).toBe(
      "UD-Q4_K_XL: Q4_K_XL, GGUF file type 1002, an Unsloth dynamic quantization of about 5.1 bits per weight\n",
    );
    expect(runCli(["quant", "parse", "Meta-Llama-3.1-8B-Instruct-Q5_K_L.gguf"]).stdout).toBe(
      "Q5_K_L: Q5_K_M with a size suffix (a little bigger), GGUF file type 17, a k-quant of about 5.69 bits per weight\n",
    );
  });
});

describe("a library's recipe check, as a user reads it (issue 43, 6)", () => {
  const timm = listLibraries().find((library) => library.key === "timm")!;
  const internal = ["olderThanLatest", "not on the local package index", "symbols"];

  it("library show gives one line: checked against which version, when, how", () => {
    const { stdout, code } = runCli(["library", "show", "timm"]);
    expect(code).toBe(0);
    expect(stdout).toContain(`recipe checked  timm ${timm.checked!.version} on ${timm.checked!.date}: its calls checked against the package's source`);
    expect(stdout).not.toContain("Recipe checked:");
    expect(stdout).not.toContain("symbols read");
    expect(stdout).not.toContain(timm.checked!.olderThanLatest!);
  });

  it("library show --json and libraries list --json give the check without its working notes", () => {
    const shown = JSON.parse(runCli(["library", "show", "timm", "--json"]).stdout) as { checked: unknown };
    expect(shown.checked).toEqual({ package: "timm", version: timm.checked!.version, date: timm.checked!.date, proof: "signature" });
    const listed = runCli(["libraries", "list", "--json"]).stdout;
    for (const text of [...internal, "notes"]) expect(listed, text).not.toContain(`"${text}`);
    expect(listed).not.toContain("not on the local package index");
  });

  it("keeps the full check in the catalogue the tests read", () => {
    expect(timm.checked!.symbols.length).toBeGreaterThan(0);
    expect(timm.checked!.olderThanLatest).toBeDefined();
  });
});
