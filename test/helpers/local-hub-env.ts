import { join } from "node:path";
import type { LocalHub } from "./local-hub.js";

/**
 * The environment of a Python client run against the local Hub: huggingface_hub goes there through HF_ENDPOINT,
 * with a cache of its own under `home` (empty on a new folder, so the run downloads what it loads), and nothing else
 * is reachable: every proxy names a closed port, which only 127.0.0.1 and the hub's CDN host (localhost) bypass.
 * The token is the hub's own (a logged-in user's) unless another is given ("" for none).
 */
export function localHubEnv(hub: LocalHub, home: string, token: string = hub.token): Record<string, string> {
  return {
    HF_ENDPOINT: hub.origin,
    HF_TOKEN: token,
    HF_HOME: home,
    HF_HUB_CACHE: join(home, "hub"),
    HF_HUB_DISABLE_TELEMETRY: "1",
    HTTP_PROXY: "http://127.0.0.1:9",
    HTTPS_PROXY: "http://127.0.0.1:9",
    NO_PROXY: "127.0.0.1,localhost",
  };
}
