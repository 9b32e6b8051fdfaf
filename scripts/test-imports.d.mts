// The types of test-imports.mjs, for the tests that read with it (test/helpers/process-cases.ts).
export declare function processStarter(testDir: string): {
  modules: string[];
  local(file: string, specifier: string): string | undefined;
  startsProcesses(file: string): boolean;
};
