import { describe, expect, it } from "vitest";
import { fitColumns } from "../../src/presenters/table-fit.js";

describe("fitColumns", () => {
  it("leaves a table that fits as it is", () => {
    expect(fitColumns([10, 20], ["ID", "LABEL"], 80)).toEqual({ widths: [10, 20], kept: 2 });
  });

  it("narrows the widest column other than the first, never below its header", () => {
    expect(fitColumns([14, 21, 22, 300], ["ID", "LABEL", "KEY", "TASKS"], 80)).toEqual({ widths: [14, 21, 22, 17], kept: 4 });
    const { widths } = fitColumns([32, 32, 10, 6], ["ID", "LABEL", "MODALITY", "MODELS"], 80);
    expect(widths.reduce((sum, width) => sum + width, 0) + 6).toBe(80);
    expect(widths[0]).toBe(32);
    expect(widths[3]).toBe(6);
  });

  it("leaves out the last columns when even the narrowest widths do not fit", () => {
    expect(fitColumns([30, 30, 30], ["ID", "LONG HEADER ONE", "LONG HEADER TWO"], 40)).toEqual({ widths: [23, 15], kept: 2 });
  });
});
