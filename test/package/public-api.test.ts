import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";

/*
 * The library API is small on purpose (issue 41): records in, answers out, the catalogue and its schemas. The steps
 * of a decision stay internal, so that they can change without breaking a user. The README lists every export.
 */

const exported = Object.keys(api).sort();

const publicNames = [
  // records
  "readModelRecord",
  "parseModelRecord",
  "ModelRecordSchema",
  "modelIdPattern",
  "readDatasetRecord",
  "parseDatasetRecord",
  "DatasetRecordSchema",
  "DatasetConfigSchema",
  "DataFilesSchema",
  // answers
  "getModelSnippets",
  "snippetKinds",
  "getDatasetSnippets",
  "getInferenceSnippets",
  "inferenceKinds",
  "UserError",
  "ExitCode",
  "getModelNotebook",
  "getDeploySnippets",
  "getDatasetNotebook",
  "notebookJson",
  "notebookFileName",
  // catalogue
  "listTasks",
  "listTaskIds",
  "getTask",
  "taskModality",
  "listPipelines",
  "getPipeline",
  "listModalities",
  "getModality",
  "nearestIds",
  "listLibraries",
  "listLibraryKeys",
  "getLibrary",
  "listApps",
  "getApp",
  "listQuantTypes",
  "listTensorTypes",
  "getQuantType",
  "quantTypeOfLabel",
  "parseQuantLabel",
  "nearestQuant",
  "GGUFFileType",
  "GGMLTensorType",
  "listProviders",
  "listProviderIds",
  "getProvider",
  "listDatasetLibraries",
  "getDatasetLibrary",
  // schemas
  "TaskSchema",
  "PipelineSchema",
  "ModalitySchema",
  "DemoItemSchema",
  "LibrarySchema",
  "RecipeCheckSchema",
  "DatasetLibrarySchema",
  "QuantTypeSchema",
  "TensorTypeSchema",
  "LocalAppSchema",
  "ModelFormatSchema",
  "ProviderSchema",
  "ProviderRouteSchema",
];

describe("the library API", () => {
  it("exports exactly the public names", () => {
    expect(exported).toEqual([...publicNames].sort());
  });

  it("keeps the steps of a decision internal", () => {
    for (const step of [
      "chooseProvider",
      "buildInferenceRequest",
      "getLibrarySnippets",
      "getLocalAppSnippets",
      "chooseGgufQuant",
      "appsForModel",
      "modelFormats",
      "accessNote",
      "installCommand",
      "recordView",
      "datasetView",
    ]) {
      expect(exported, step).not.toContain(step);
    }
  });

  it("is listed whole in the README's Library API section", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("## Library API"), readme.indexOf("## Tests"));
    expect(exported.filter((name) => !section.includes(`\`${name}`))).toEqual([]);
  });
});
