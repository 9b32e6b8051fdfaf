// Bundled in place of yoga-layout for the CLI. yoga's own entry decodes its WebAssembly from a base64 data URL
// through fetch and compiles it asynchronously (behind a top-level await), which kept a terminal view idle for
// ~50 ms before its first frame and cannot live in a CommonJS bundle. This one compiles the same bytes
// (extracted to dist/yoga.wasm by the build) synchronously: with a synchronous instantiateWasm hook, the
// Emscripten factory finishes initialising the module object it is given before it returns.
import { readFileSync } from "node:fs";
import loadYogaModule from "yoga-layout-binary";
import wrapAssembly from "yoga-layout-wrap";

const bytes = readFileSync(new URL("./yoga.wasm", import.meta.url));
const yogaModule = {
  instantiateWasm(imports, receiveInstance) {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
    receiveInstance(instance);
    return instance.exports;
  },
};
loadYogaModule(yogaModule);
if (typeof yogaModule.Node !== "function") throw new Error("yoga-layout did not initialise synchronously");

const Yoga = wrapAssembly(yogaModule);

export default Yoga;
export * from "yoga-layout-enums";
