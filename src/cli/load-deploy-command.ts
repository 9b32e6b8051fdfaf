/**
 * Loads the --deploy command (the deploy decision and its tables), which only `snippet --deploy` runs. The CLI build
 * replaces this module with scripts/cli-bundle/swaps/load-deploy-bundled.ts, which loads dist/deploy.cjs, so that the
 * snippet bundle every other run starts does not carry it.
 */
export const loadDeployCommand = () => import("./commands/snippet-deploy.js");
