import type * as ViewModule from "../../src/model/view.js";

/*
 * Counts the record views the product builds, for the tests that check one answer reads its record once. A test file
 * replaces the view module with countingViewModule (vi.mock is hoisted above its imports, so the factory imports this module itself):
 *
 *   vi.mock("../../src/model/view.js", async (original) => (await import("../helpers/view-counter.js")).countingViewModule(await original()));
 *
 * and reads viewsBuilt() from the replaced module. The product keeps no counter.
 */

let built = 0;

export function countingViewModule(original: typeof ViewModule): typeof ViewModule & { viewsBuilt: () => number } {
  return {
    ...original,
    recordView: (model) => {
      built += 1;
      return original.recordView(model);
    },
    viewsBuilt: () => built,
  };
}
