/*
 * What only the chat features' options run: a provider policy (--policy), structured output (--json-schema) and
 * tools (--tools): checking them, the providers that serve them, the notes. One module, so that the CLI loads it
 * only for a line that gives one of them (src/inference/load-chat-features.ts).
 */
export { checkPolicy, checkPolicyConflicts } from "./policy.js";
export { chatOptionsChoice } from "./chat-options.js";
export { responseFormatOf } from "./structured-output.js";
export { toolsOf } from "./tools.js";
