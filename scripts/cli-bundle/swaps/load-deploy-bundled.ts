// Bundled in place of src/cli/load-deploy-command.ts: the --deploy command (src/deploy/ and its tables) is a bundle of
// its own, dist/deploy.cjs, loaded through the loader's __hubSnippetsLoad by `snippet --deploy` only, rather than
// parsed by every run of the snippet bundle.
import type * as DeployCommand from "../../../src/cli/commands/snippet-deploy.js";

export const loadDeployCommand = async (): Promise<typeof DeployCommand> => __hubSnippetsLoad("deploy") as typeof DeployCommand;
