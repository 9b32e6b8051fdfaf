// Bundled in place of yoga-layout for the CLI. yoga's own entry decodes its WebAssembly from a base64 data URL
// through fetch and compiles it asynchronously, which kept a terminal view idle for ~50 ms before its first frame.
// This one compiles the same bytes (extracted to dist/yoga.wasm by the build) synchronously.
import { readFileSync } from "node:fs";
import loadYogaModule from "yoga-layout-binary";
import wrapAssembly from "yoga-layout-wrap";

const bytes = readFileSync(new URL("./yoga.wasm", import.meta.url));

const Yoga = wrapAssembly(
  await loadYogaModule({
    instantiateWasm(imports, receiveInstance) {
      const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
      receiveInstance(instance);
      return instance.exports;
    },
  }),
);

export default Yoga;
export * from "yoga-layout-enums";
