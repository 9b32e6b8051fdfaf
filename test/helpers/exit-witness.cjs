// Preloaded into the CLI by test/cli/fast-line-end.test.ts: says on stderr how the process ended. Node emits
// 'beforeExit' only when its event loop ran empty (the natural end), never after process.exit(); 'exit' always.
const { writeSync } = require("node:fs");
process.once("beforeExit", () => writeSync(2, "witness: event loop ran empty\n"));
process.once("exit", (code) => writeSync(2, `witness: exit ${code}\n`));
