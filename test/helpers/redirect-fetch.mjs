// Preloaded with `node --import` into SDK snippets under test: every request to the Hub or its router
// goes to the local recorder named by HUB_SNIPPETS_TEST_ORIGIN instead. Only 127.0.0.1 is ever contacted.
const origin = process.env.HUB_SNIPPETS_TEST_ORIGIN;
if (!origin || !origin.startsWith("http://127.0.0.1:")) throw new Error("HUB_SNIPPETS_TEST_ORIGIN must be a 127.0.0.1 origin");
const realFetch = globalThis.fetch;
// The local Hub's CDN host: localhost on the hub's own port (127.0.0.1 here). A client that follows the hub's LFS 302
// itself, or fetches the final address again (ipull, node-llama-cpp's downloader, does), must reach it unchanged.
const cdnOrigin = `http://localhost:${new URL(origin).port}`;

function redirect(url) {
  const parsed = new URL(url);
  // data: and blob: URLs (SDKs decode base64 answers with fetch) never leave the process.
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return url;
  if (parsed.origin === "http://127.0.0.1" || parsed.origin === origin || parsed.origin === cdnOrigin) return url;
  // Keep the original host in the path so tests can tell Hub API calls from router calls.
  return `${origin}/__host/${parsed.host}${parsed.pathname}${parsed.search}`;
}

globalThis.fetch = (input, init) => {
  if (input instanceof Request) return realFetch(new Request(redirect(input.url), input), init);
  return realFetch(redirect(String(input)), init);
};
