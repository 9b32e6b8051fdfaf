import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/*
 * Issue 32, defects 1 and 2, through the real CLI on records as the Hub's model API sends them
 * (test/fixtures/issue32-wire/): a LoRA adapter of the mapping reaches the body, and a versioned Replicate id posts
 * its version to /v1/predictions.
 */

const fixture = (name: string) => new URL(`../fixtures/issue32-wire/${name}.json`, import.meta.url).pathname;
const fluxLora = fixture("flux-midjourney-mix2-lora");
const sdxlLora = fixture("pixel-art-xl-sdxl-lora");
const kokoro = fixture("kokoro-82m-replicate-version");
const sdxl = fixture("sdxl-base-replicate-version");
const chatBesideCompletion = fixture("chat-beside-completion-expand-only");
const wavespeedLora = fixture("wavespeed-lora-made-up");

const requests = (record: string, ...more: string[]) => runCli(["snippet", record, "--lang", "python", "--client", "requests", ...more]);

describe("snippet on a LoRA adapter's record (issue 32, defect 1)", () => {
  it("the requests snippet sends the adapter's weights as fal's `loras`, by their Hub URL", () => {
    const { stdout, stderr, code } = requests(fluxLora);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('"https://router.huggingface.co/fal-ai/fal-ai/flux-lora?_subdomain=queue"');
    expect(stdout).toMatch(
      /"loras": \[\s*\{\s*"path": "https:\/\/huggingface\.co\/strangerzonehf\/Flux-Midjourney-Mix2-LoRA\/resolve\/main\/mjV6\.safetensors",\s*"scale": 1,?\s*\},?\s*\]/,
    );
    expect(stdout).not.toContain("model_name");
  });

  it("on fal-ai/lora it also names the SDXL base model, as both SDKs do", () => {
    const { stdout, code } = requests(sdxlLora);
    expect(code).toBe(0);
    expect(stdout).toContain('"https://huggingface.co/nerijs/pixel-art-xl/resolve/main/pixel-art-xl.safetensors"');
    expect(stdout).toContain('"model_name": "stabilityai/stable-diffusion-xl-base-1.0"');
  });

  it("curl, fetch and fal_client (direct) carry the adapter too", () => {
    const curl = runCli(["snippet", fluxLora, "--lang", "sh", "--client", "curl"]);
    expect(curl.code).toBe(0);
    expect(curl.stdout).toContain("mjV6.safetensors");
    const fetch = runCli(["snippet", fluxLora, "--lang", "js", "--client", "fetch"]);
    expect(fetch.code).toBe(0);
    expect(fetch.stdout).toMatch(
      /loras: \[\s*\{\s*path: "https:\/\/huggingface\.co\/strangerzonehf\/Flux-Midjourney-Mix2-LoRA\/resolve\/main\/mjV6\.safetensors"/,
    );
    const fal = runCli(["snippet", fluxLora, "--provider", "fal-ai", "--direct", "--lang", "python", "--client", "fal_client"]);
    expect(fal.code, fal.stderr).toBe(0);
    expect(fal.stdout).toContain('"fal-ai/flux-lora"');
    expect(fal.stdout).toContain('"path": "https://huggingface.co/strangerzonehf/Flux-Midjourney-Mix2-LoRA/resolve/main/mjV6.safetensors"');
  });

  it("the SDK snippets name the Hub model, so the SDK reads the adapter from the Hub's mapping itself", () => {
    const hub = runCli(["snippet", fluxLora, "--lang", "python", "--client", "huggingface_hub"]);
    expect(hub.code).toBe(0);
    expect(hub.stdout).toContain('model="strangerzonehf/Flux-Midjourney-Mix2-LoRA"');
    const js = runCli(["snippet", fluxLora, "--lang", "js", "--client", "huggingface.js"]);
    expect(js.code).toBe(0);
    expect(js.stdout).toContain('model: "strangerzonehf/Flux-Midjourney-Mix2-LoRA"');
  });
});

describe("snippet on a LoRA whose provider huggingface_hub sends without it", () => {
  it("offers no huggingface_hub snippet (it would run the base model) and sends `loras` in the raw ones", () => {
    const hub = runCli(["snippet", wavespeedLora, "--lang", "python", "--client", "huggingface_hub"]);
    expect(hub.code).toBe(1);
    expect(hub.stderr).toContain("no python/huggingface_hub snippet for acme/flux-watercolor-lora");
    const raw = requests(wavespeedLora);
    expect(raw.code).toBe(0);
    expect(raw.stdout).toMatch(
      /"loras": \[\{"path": "acme\/flux-watercolor-lora", "scale": 1\}\]|"loras": \[\s*\{\s*"path": "acme\/flux-watercolor-lora",\s*"scale": 1,?\s*\},?\s*\]/,
    );
    const all = runCli(["snippet", wavespeedLora]);
    expect(all.stdout).toContain("# python/requests");
    expect(all.stdout).not.toContain("# python/huggingface_hub");
  });
});

describe("snippet on a versioned Replicate id (issue 32, defect 2)", () => {
  it("posts {version, input} to the router's /replicate/v1/predictions", () => {
    const { stdout, stderr, code } = requests(kokoro);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('API_URL = "https://router.huggingface.co/replicate/v1/predictions"');
    expect(stdout).toContain('"version": "f559560eb822dc509045f3921a1921234918b91739db4bf3daab2169b71c7a13"');
    expect(stdout).not.toContain(":f559560e");
  });

  it("and directly to Replicate's /v1/predictions", () => {
    const { stdout, code } = requests(sdxl, "--provider", "replicate", "--direct");
    expect(code).toBe(0);
    expect(stdout).toContain('API_URL = "https://api.replicate.com/v1/predictions"');
    expect(stdout).toContain('"version": "7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc"');
  });
});

describe("snippet on a model one provider serves as chat and another as completion", () => {
  it("each provider gets the task of its own mapping entry, whatever the first entry says", () => {
    const chat = requests(chatBesideCompletion, "--provider", "together");
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toContain('API_URL = "https://router.huggingface.co/v1/chat/completions"');
    expect(chat.stdout).toContain('"model": "acme/chat-and-completion-7b:together"');
    const direct = requests(chatBesideCompletion, "--provider", "together", "--direct");
    expect(direct.stdout).toContain('"model": "acme-together/chat-and-completion-7b-instruct"');
    expect(direct.stdout).toContain('"messages"');
    const completion = requests(chatBesideCompletion, "--provider", "featherless-ai");
    expect(completion.code).toBe(0);
    expect(completion.stdout).toContain('API_URL = "https://router.huggingface.co/featherless-ai/v1/completions"');
  });
});
