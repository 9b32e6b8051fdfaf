// The shipped examples' names live beside the core (src/examples.ts): the browser reads them too.
export { datasetExamplesDir, examplePrefix, exampleNames } from "../examples.js";
