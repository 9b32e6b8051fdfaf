import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// A snippet that reads a file of the user's, or a variable the user sets, says so: the code alone does not.
describe("what a snippet needs from the user, said on stderr", () => {
  it("says that sample.flac is the user's own audio file (Whisper)", () => {
    const result = runCli(["snippet", "example:whisper-large-v3", "--lang", "python", "--client", "requests"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("hub-snippets: the code reads sample.flac, an audio file of your own");
  });

  it("says that image.jpg is the user's own image, and nothing of the kind for a task that sends text", () => {
    const image = runCli(["snippet", "--id", "google/vit-base-patch16-224", "--task", "image-classification", "--lang", "sh", "--client", "curl"]);
    expect(image.stderr).toContain("the code reads image.jpg, an image file of your own");
    const text = runCli(["snippet", "example:flux.1-dev", "--lang", "python", "--client", "requests"]);
    expect(text.code).toBe(0);
    expect(text.stderr).not.toContain("of your own");
  });

  it("says that --endpoint-url's code reads the endpoint's token from $API_TOKEN", () => {
    const result = runCli([
      "snippet",
      "example:whisper-large-v3",
      "--endpoint-url",
      "https://example.endpoints.huggingface.cloud",
      "--lang",
      "python",
      "--client",
      "requests",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("os.environ['API_TOKEN']");
    expect(result.stderr).toContain("the code reads the endpoint's token from $API_TOKEN");
  });
});
