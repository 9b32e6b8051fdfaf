import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getTask } from "../../src/catalogue/tasks.js";
import { cliPath, runCli } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";

const socket = `hub-snippets-e2e-${process.pid}`;
const work = mkdtempSync(join(tmpdir(), "browser-e2e-"));
const clipboardFile = join(work, "clipboard.txt");

function tmux(...args: string[]): string {
  const result = spawnSync("tmux", ["-L", socket, ...args], { encoding: "utf8", timeout: 10_000 });
  if (result.status !== 0) throw new Error(`tmux ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

const screen = () => tmux("capture-pane", "-p", "-t", "browser");

/** Polls the screen until it shows `text`, as a person would wait for it. */
async function waitFor(text: string, timeoutMs = 8_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = screen();
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`screen never showed ${JSON.stringify(text)}; it shows:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls the screen until `text` is gone from it. */
async function waitForGone(text: string, timeoutMs = 8_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = screen();
    if (!shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`screen still shows ${JSON.stringify(text)}:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends text and keys with one tmux command, so they reach the program together, as a fast typist's or a paste would. */
function burst(...keys: string[]) {
  tmux("send-keys", "-t", "browser", ...keys);
}

/** Waits for the browser's session to end after q. */
async function quit() {
  await press("q");
  const deadline = Date.now() + 5_000;
  while (spawnSync("tmux", ["-L", socket, "has-session", "-t", "browser"]).status === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(spawnSync("tmux", ["-L", socket, "has-session", "-t", "browser"]).status).not.toBe(0);
}

const browserCommand = (...args: string[]) => [`'${process.execPath}'`, `'${cliPath}'`, ...args.map((arg) => `'${arg}'`)].join(" ");

/**
 * Sends keys one after another with no pause, as a fast typist does: every key counts, so a test waits for the screen
 * a key makes, never for a fixed time. Esc is sent last or waited for: followed at once by another key, a terminal's
 * Esc reads as Alt with that key.
 */
async function press(...keys: string[]) {
  for (const key of keys) tmux("send-keys", "-t", "browser", key);
}

/** Sends one key and waits until the screen is no longer `before` (a key that changes nothing would time out). */
async function pressAndWait(key: string): Promise<string> {
  const before = screen();
  await press(key);
  const deadline = Date.now() + 8_000;
  for (;;) {
    const shown = screen();
    if (shown !== before) return shown;
    if (Date.now() > deadline) throw new Error(`the screen did not change after ${key}:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A session that outlives the tests' own: when a test's session ends and the next one starts at once, a server with no
// session left may be exiting as the new one connects ("server exited unexpectedly", seen on a loaded machine).
beforeAll(() => {
  if (hasTool("tmux")) spawnSync("tmux", ["-L", socket, "new-session", "-d", "-s", "keepalive", "sleep 3600"]);
});

afterAll(() => {
  spawnSync("tmux", ["-L", socket, "kill-server"]);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasTool("tmux"))("the interactive browser in a real terminal (tmux, 80×24)", () => {
  it("goes from launch to a copied python/requests snippet for text-to-image, then quits", async () => {
    // A stand-in for the clipboard tool clipboardy runs on Linux: it keeps what it is given.
    const stub = join(work, "xsel");
    writeFileSync(stub, `#!/bin/sh\ncat > '${clipboardFile}'\n`);
    chmodSync(stub, 0o755);
    const command = `env PATH='${work}':"$PATH" '${process.execPath}' '${cliPath}'`;
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", command);

    await waitFor("press / and type to filter");
    await press("/", ..."text-to-image".split(""));
    let shown = await waitFor("Filter: text-to-image");
    expect(shown).toMatch(/› text-to-image/);
    await press("Enter");
    shown = await waitFor("hub-snippets › Text-to-Image");
    expect(shown).toContain("s snippets");
    await press("s");
    const firstModel = getTask("text-to-image")!.models[0]!.id;
    await waitFor("choose a model");
    await press("Enter");
    await waitFor(`Model: ${firstModel}`);
    // The answer opens on Python's SDK; its raw HTTP call comes next.
    await press("Right");
    shown = await waitFor("python/requests  2 of");
    expect(shown).toContain("import requests");
    expect(shown).toContain("c copy");
    await press("c");
    await waitFor("Copied to the clipboard.");

    const expected = runCli(["snippet", "--id", firstModel, "--task", "text-to-image", "--lang", "python", "--client", "requests"]);
    expect(expected.code).toBe(0);
    // c copies the code alone: what is printed, without its first line, the install comment.
    const [installLine, ...code] = expected.stdout.replace(/\n$/, "").split("\n");
    expect(installLine).toBe("# pip install -U requests");
    expect(readFileSync(clipboardFile, "utf8")).toBe(code.join("\n"));

    await quit();
    expect(existsSync(clipboardFile)).toBe(true);
  }, 60_000);

  it("falls back to an OSC 52 escape where no clipboard tool works, and the terminal receives the snippet", async () => {
    // No display and no xsel on PATH: clipboardy fails, so the browser asks the terminal (tmux) to copy.
    const command = `env -u DISPLAY -u WAYLAND_DISPLAY PATH=/usr/bin:/bin '${process.execPath}' '${cliPath}'`;
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", command);
    tmux("set-option", "-g", "set-clipboard", "on");
    await waitFor("press / and type to filter");
    await press("/", ..."fill-mask".split(""), "Enter", "s");
    await waitFor("choose a model");
    await press("Enter");
    await waitFor("python/huggingface_hub  1 of");
    await press("c");
    await waitFor("OSC 52");
    const model = getTask("fill-mask")!.models[0]!.id;
    const expected = runCli(["snippet", "--id", model, "--task", "fill-mask", "--lang", "python", "--client", "huggingface_hub"]);
    // The terminal receives the code alone, without the install comment printed first.
    expect(tmux("show-buffer")).toBe(expected.stdout.replace(/\n$/, "").split("\n").slice(1).join("\n"));
    await quit();
  }, 60_000);

  it("closes the help (? or Esc) back onto the same model and client", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand());
    await waitFor("press / and type to filter");
    burst("/text-to-image", "Enter");
    await waitFor("s snippets");
    await press("s");
    await waitFor("choose a model");
    await press("Enter");
    const firstModel = getTask("text-to-image")!.models[0]!.id;
    await waitFor(`Model: ${firstModel}`);
    await press("Right");
    await waitFor("python/requests  2 of");
    for (const close of ["?", "Escape"]) {
      await press("?");
      await waitFor("set -g set-clipboard on");
      await press(close);
      const shown = await waitFor("python/requests  2 of");
      expect(shown).toContain(`Model: ${firstModel}`);
      expect(shown).not.toContain("choose a model");
    }
    await quit();
  }, 60_000);

  it("loads a path typed and entered in one burst, and Esc takes the path's error away with it", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand());
    await waitFor("press / and type to filter");
    burst("/text-to-image", "Enter");
    await waitFor("s snippets");
    await press("s");
    await waitFor("choose a model");
    await press("p");
    await waitFor("Enter load");
    burst("no-such-record.json", "Enter");
    await waitFor("no-such-record.json: no such file");
    await press("Escape");
    await waitForGone("no such file");
    burst("examples/whisper-large-v3.json", "Enter");
    const shown = await waitFor("Model: openai/whisper-large-v3");
    expect(shown).toContain("hub-snippets › Automatic Speech Recognition › openai/whisper-large-v3");
    await quit();
  }, 60_000);

  it("opens straight on a model's page with --model, with its inference, library and local-app tabs", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "120", "-y", "40", browserCommand("--model", "examples/llama-3.1-8b-instruct.json"));
    let shown = await waitFor("Model: meta-llama/Llama-3.1-8B-Instruct");
    expect(shown).toMatch(/Inference\s+Library\s+Local apps/);
    expect(shown).toContain("Stream: off");
    await press("s");
    await waitFor("Stream: on");
    await press("Tab");
    shown = await waitFor("python/transformers");
    await press("Tab");
    shown = await waitFor("App:  vllm");
    expect(shown).not.toContain("Stream:");
    await quit();

    // A GGUF repository opens on its local apps.
    tmux(
      "new-session",
      "-d",
      "-c",
      process.cwd(),
      "-s",
      "browser",
      "-x",
      "120",
      "-y",
      "40",
      browserCommand("--model", "test/fixtures/browser/llama-gguf.json"),
    );
    await waitFor("Model: bartowski/Llama-3.2-1B-Instruct-GGUF");
    shown = await waitFor("GGUF quant: Q4_K_M");
    expect(shown).toContain("bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M");
    await quit();
  }, 60_000);
});

describe.skipIf(!hasTool("tmux"))("a hostile record cannot drive the terminal that shows it (tmux)", () => {
  afterEach(() => {
    spawnSync("tmux", ["-L", socket, "kill-session", "-t", "browser"]);
  });

  // OSC 52 (the clipboard: "pwned" in base64), OSC 0 (the title), a screen clear, a C1 CSI, BEL, BS, CR and DEL.
  const payload = "x\u001b]52;c;cHduZWQ=\u0007\u001b]0;pwned-title\u0007\u001b[2J\u009b31m\u0007\b\r\u007fy";
  const shownPayload = "x\\u001b]52;c;cHduZWQ=\\u0007\\u001b]0;pwned-title\\u0007\\u001b[2J\\u009b31m";
  const terminalState = () => ({ title: tmux("display-message", "-p", "-t", "browser", "#{pane_title}"), buffers: tmux("list-buffers") });

  async function openUntouched(record: Record<string, unknown>, keys: string[], expected: string[]) {
    const file = join(work, "hostile-record.json");
    writeFileSync(file, JSON.stringify(record));
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "120", "-y", "40", `${browserCommand("--model", file)}; sleep 30`);
    // tmux keeps what an OSC 52 sends as a paste buffer, and an OSC 0 as the pane's title.
    tmux("set-option", "-g", "set-clipboard", "on");
    const before = terminalState();
    await waitFor("Model: acme/hostile");
    // Each key's screen is drawn (and so written to the terminal) before the next key.
    for (const key of keys) await pressAndWait(key);
    await waitFor("Model: acme/hostile");
    for (const text of expected) await waitFor(text);
    const shown = screen();
    expect(shown.split("\n")[0]).toMatch(/^hub-snippets › /);
    expect(terminalState()).toEqual(before);
    expect(before.title).not.toContain("pwned");
    await press("q");
    return shown;
  }

  it("a record's pipeline_tag and library_name show on the model page as escapes, and the title and clipboard stay as they were", async () => {
    const shown = await openUntouched(
      { id: "acme/hostile", pipeline_tag: `task${payload}`, library_name: `lib${payload}`, tags: [`tag${payload}`] },
      [],
      ["The core makes no snippet for acme/hostile"],
    );
    expect(shown).toContain(`task${shownPayload}`);
  }, 60_000);

  it("snippet and dataset on a terminal (highlighted code, tables) leave the title and clipboard as they were", async () => {
    const model = join(work, "hostile-model.json");
    const data = join(work, "hostile-dataset.json");
    writeFileSync(
      model,
      JSON.stringify({
        id: "acme/hostile",
        pipeline_tag: "text-generation",
        tags: ["gguf", "conversational"],
        widgetData: [{ text: `say ${payload}` }],
        siblings: [{ rfilename: `model${payload}.Q4_K_M.gguf` }],
        inferenceProviderMapping: { together: { providerId: `p${payload}`, status: "live", task: "conversational" } },
      }),
    );
    const config = `config${payload}`;
    writeFileSync(
      data,
      JSON.stringify({
        id: "acme/hostile-data",
        tags: ["format:csv"],
        cardData: { configs: [{ config_name: config, data_files: [{ split: "train", path: `data/tr${payload}ain.csv` }] }] },
        siblings: [{ rfilename: `data/tr${payload}ain.csv` }],
      }),
    );
    const run = (...args: string[]) => [`'${process.execPath}'`, `'${cliPath}'`, ...args.map((arg) => `'${arg}'`)].join(" ");
    const commands = [run("snippet", model), run("providers", "list", "--model", model), run("dataset", data)];
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "160", "-y", "50", `${commands.join("; ")}; echo END-OF-OUTPUT; sleep 30`);
    tmux("set-option", "-g", "set-clipboard", "on");
    const before = terminalState();
    await waitFor("END-OF-OUTPUT", 20_000);
    expect(terminalState()).toEqual(before);
    expect(before.title).not.toContain("pwned");
  }, 60_000);

  it("a record's widget text and GGUF file name show in every tab's code as escapes", async () => {
    const record = {
      id: "acme/hostile",
      pipeline_tag: "text-generation",
      tags: ["gguf", "conversational"],
      widgetData: [{ text: `say ${payload}` }],
      siblings: [{ rfilename: `model${payload}.Q4_K_M.gguf` }],
      inferenceProviderMapping: { together: { providerId: `p${payload}`, status: "live", task: "conversational" } },
    };
    // Each tab from the one it opens on (local apps, deploy, inference, library), and the apps' commands that name the file.
    await openUntouched(record, ["Right", "Right", "Right", "Right", "Tab", "Tab", "Right", "Right", "Right", "Right", "Right", "Right", "Tab", "Tab"], []);
  }, 60_000);
});

describe.skipIf(!hasTool("tmux"))("the browser's keys, key by key in a real terminal (tmux, 80×24)", () => {
  // A test that fails leaves its browser running: the next one starts on a clean server.
  afterEach(() => {
    spawnSync("tmux", ["-L", socket, "kill-session", "-t", "browser"]);
  });

  /** Waits for the browser's session to end, after a key that quits. */
  async function ended() {
    const deadline = Date.now() + 5_000;
    while (spawnSync("tmux", ["-L", socket, "has-session", "-t", "browser"]).status === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return spawnSync("tmux", ["-L", socket, "has-session", "-t", "browser"]).status !== 0;
  }

  it("filters for question typed key by key after / (q does not quit there), and Ctrl+C quits", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand());
    await waitFor("Modality: all");
    // One key at a time, as a person types: the q first.
    await press("/", ..."question".split(""));
    let shown = await waitFor("Filter: question");
    expect(shown).toMatch(/› question-answering/);
    expect(shown).toContain("document-question-answering");
    // The footer says how to leave the filter, and that q is not the way.
    expect(shown).toContain("Esc clear / close");
    expect(shown).toContain("Ctrl+C quit");
    expect(shown).not.toContain("q quit");
    // ? is text here too, not the help.
    await press("?");
    shown = await waitFor("Filter: question?");
    expect(shown).not.toContain("Typing and quitting");
    await press("BSpace", "Enter");
    await waitFor("hub-snippets › Question Answering");
    await press("C-c");
    expect(await ended()).toBe(true);
  }, 60_000);

  it("counts every key sent together: five ↓ move five rows, three → three snippets, two Enters two commands", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand());
    await waitFor("Modality: all");
    burst("Down", "Down", "Down", "Down", "Down");
    await waitFor("› depth-estimation");
    tmux("kill-session", "-t", "browser");
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand("--model", "examples/llama-3.1-8b-instruct.json"));
    await waitFor("Stream: off");
    burst("Right", "Right", "Right");
    await waitFor("  4 of ");
    tmux("kill-session", "-t", "browser");
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand("--model", "test/fixtures/browser/llama-gguf.json"));
    await waitFor("llama.cpp 1/3");
    burst("Enter", "Enter");
    await waitFor("llama.cpp 3/3");
  }, 60_000);

  it("quits with q outside the filter, after Esc has cleared and closed it", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand());
    await waitFor("Modality: all");
    await press("/", "q", "u", "a", "n", "t");
    await waitFor("Filter: quant");
    await press("Escape");
    await waitForGone("Filter: quant");
    await press("Escape");
    const shown = await waitFor("q quit");
    expect(shown).toMatch(/\/ filter .*q quit .*\? keys/);
    await quit();
  }, 60_000);

  it("never offers a modality without tasks in the Tab cycle", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand());
    await waitFor("Modality: all");
    const seen: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      const shown = await pressAndWait("Tab");
      const modality = /Modality: (.+?)\s{2}/.exec(shown)?.[1] ?? "";
      expect(shown, `after ${step + 1} Tab`).not.toMatch(/\b0 of \d+/);
      expect(shown).not.toContain("No task matches");
      if (modality === "all") break;
      seen.push(modality);
    }
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).not.toContain("Other");
    await quit();
  }, 60_000);

  it("keeps the frame where it was after c on a snippet that fills the screen: only the status row changes", async () => {
    // No clipboard tool: the copy goes out as an OSC 52 request, the longest message c gives.
    const command = `env -u DISPLAY -u WAYLAND_DISPLAY PATH=/usr/bin:/bin '${process.execPath}' '${cliPath}' --model examples/llama-3.1-8b-instruct.json`;
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", command);
    await waitFor("Stream: off");
    await press("s", "Right", "Right");
    const before = await waitFor("python/requests  3 of");
    expect(before).toContain("lines 1–");
    await press("c");
    const after = await waitFor("OSC 52");
    const [beforeRows, afterRows] = [before.split("\n"), after.split("\n")];
    expect(afterRows).toHaveLength(beforeRows.length);
    expect(afterRows[0]).toBe(beforeRows[0]);
    expect(afterRows[1]).toContain("Model: meta-llama/Llama-3.1-8B-Instruct");
    const changed = afterRows.flatMap((row, index) => (row === beforeRows[index] ? [] : [index]));
    expect(changed).toHaveLength(1);
    expect(afterRows[changed[0]!]).toMatch(/^Sent an OSC 52 copy request/);
    // The next key leaves it as it is too.
    await press("Down");
    const later = await waitFor("lines 2–");
    expect(later.split("\n")[1]).toBe(beforeRows[1]);
    await quit();
  }, 60_000);

  it("says so when i is pressed on a snippet without an install line", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand("--model", "examples/llama-3.1-8b-instruct.json"));
    await waitFor("Stream: off");
    let shown = screen();
    for (let step = 0; step < 7 && !shown.includes("Snippet:  js/fetch"); step += 1) {
      await press("Right");
      shown = await waitFor(`  ${step + 2} of `);
    }
    expect(shown).toContain("Snippet:  js/fetch");
    // The footer lists the page's keys, i among them (the page's other snippets install first): i says why it copies nothing.
    expect(shown).toContain("i copy install");
    await press("i");
    await waitFor("No install line: this snippet installs nothing first (c copies the code).");
    await quit();
  }, 60_000);

  it("goes from a task page to its dataset's page with d and Enter, shows load_dataset, and Esc, Esc comes back", async () => {
    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", browserCommand());
    await waitFor("Modality: all");
    burst("/text-classification", "Enter");
    let shown = await waitFor("hub-snippets › Text Classification");
    expect(shown).toContain("Press d for code that loads its datasets");
    expect(shown).toContain("d datasets");
    await press("d");
    await waitFor("choose a dataset");
    const dataset = getTask("text-classification")!.datasets[0]!.id;
    await press("Enter");
    shown = await waitFor(`Dataset: ${dataset}`);
    expect(shown).toContain(`ds = load_dataset("${dataset}")`);
    expect(shown).toContain("Snippet:  python/datasets  1 of 5");
    expect(shown).toContain(`curl -s https://huggingface.co/api/datasets/${dataset}`);
    await press("Right");
    await waitFor("python/requests  2 of 5");
    await press("Escape");
    await waitFor("choose a dataset");
    await press("Escape");
    await waitFor("Press d for code");
    await quit();
  }, 60_000);
});

describe.skipIf(!hasTool("tmux"))("snippet code printed on a real terminal (tmux, 80 columns)", () => {
  it("writes every line of code whole, with no border, so a copy of the screen is the code", async () => {
    const args = ["snippet", "--id", "black-forest-labs/FLUX.1-Krea-dev", "--task", "text-to-image", "--lang", "sh", "--client", "curl"];
    const expected = runCli(args);
    expect(expected.code).toBe(0);
    const lines = expected.stdout.replace(/\n$/, "").split("\n");
    expect(Math.max(...lines.map((line) => line.length))).toBeGreaterThan(80);

    tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", "80", "-y", "24", `${browserCommand(...args)}; echo END-OF-OUTPUT; sleep 30`);
    await waitFor("END-OF-OUTPUT");
    // -J joins the lines the terminal wrapped softly, as a mouse copy does; a hard break would stay a break. -S -
    // starts at the scrollback's first line: the snippet (its install and file-naming lines) and the note on stderr
    // are taller than the 24 rows.
    const joined = tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "browser")
      .split("\n")
      .map((line) => line.trimEnd());
    expect(joined.join("\n")).not.toMatch(/[│╭╮╰╯]/);
    const start = joined.indexOf(lines[0]!);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(joined.slice(start, start + lines.length)).toEqual(lines.map((line) => line.trimEnd()));
    tmux("kill-session", "-t", "browser");
  }, 60_000);
});

describe.skipIf(!hasTool("tmux"))("n writes the page's notebook from a real terminal (tmux, 80×24)", () => {
  // The browser runs in its own working folder, where the notebook is written.
  const folder = join(work, "notebooks");
  const started = (...args: string[]) => {
    mkdirSync(folder, { recursive: true });
    tmux("new-session", "-d", "-c", folder, "-s", "browser", "-x", "80", "-y", "24", browserCommand(...args));
  };
  afterEach(() => {
    spawnSync("tmux", ["-L", socket, "kill-session", "-t", "browser"]);
    rmSync(folder, { recursive: true, force: true });
  });

  it("on a model page: says ./<owner>--<name>.ipynb, which holds what snippet --notebook prints, and a second n never writes over it", async () => {
    const recordFile = join(process.cwd(), "examples/llama-3.1-8b-instruct.json");
    started("--model", recordFile);
    await waitFor("Stream: off");
    await waitFor("n notebook");
    burst("n");
    await waitFor("Wrote ./meta-llama--Llama-3.1-8B-Instruct.ipynb");
    const expected = runCli(["snippet", recordFile, "--notebook"]);
    expect(expected.code, expected.stderr).toBe(0);
    expect(readFileSync(join(folder, "meta-llama--Llama-3.1-8B-Instruct.ipynb"), "utf8")).toBe(expected.stdout);
    burst("n");
    await waitFor("Wrote ./meta-llama--Llama-3.1-8B-Instruct-2.ipynb");
    expect(readFileSync(join(folder, "meta-llama--Llama-3.1-8B-Instruct.ipynb"), "utf8")).toBe(expected.stdout);
    await quit();
  }, 60_000);

  it("on the Local apps tab: Enter steps through an app's commands, and n writes the notebook without stepping", async () => {
    started("--model", join(process.cwd(), "test/fixtures/browser/llama-gguf.json"));
    await waitFor("llama.cpp 1/3");
    burst("Enter");
    await waitFor("llama.cpp 2/3");
    burst("n");
    const shown = await waitFor("Wrote ./bartowski--Llama-3.2-1B-Instruct-GGUF.ipynb");
    expect(shown).toContain("llama.cpp 2/3");
    expect(existsSync(join(folder, "bartowski--Llama-3.2-1B-Instruct-GGUF.ipynb"))).toBe(true);
    await quit();
  }, 60_000);

  it("on a dataset page: writes what dataset --id <id> --notebook prints", async () => {
    started();
    await waitFor("Modality: all");
    burst("/text-classification", "Enter");
    await waitFor("d datasets");
    burst("d");
    await waitFor("choose a dataset");
    const dataset = getTask("text-classification")!.datasets[0]!.id;
    burst("Enter");
    await waitFor(`Dataset: ${dataset}`);
    burst("n");
    const name = `${dataset.replace("/", "--")}.ipynb`;
    await waitFor(`Wrote ./${name}`);
    const expected = runCli(["dataset", "--id", dataset, "--notebook"]);
    expect(expected.code, expected.stderr).toBe(0);
    expect(readFileSync(join(folder, name), "utf8")).toBe(expected.stdout);
    await quit();
  }, 60_000);
});
