import * as chatFeatures from "./chat-features.js";

/**
 * The chat features' code (chat-features.ts), for the callers that need it once an option asks for one. The CLI build
 * replaces this module with scripts/cli-bundle/swaps/load-chat-features-bundled.ts, which loads dist/chat-features.cjs
 * on first use, so that the snippet bundle every piped run starts does not carry it (issue 64).
 */
export const loadChatFeatures = (): typeof chatFeatures => chatFeatures;
