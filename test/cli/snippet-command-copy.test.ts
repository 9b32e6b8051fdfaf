import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ansiPattern, runCli } from "../helpers/cli.js";
import { expectOneDiagnosticLine, expectUsageError, flux, librarySnippets, scratch, snippetOf, withoutHint } from "../helpers/snippet-cli.js";

describe("hub-snippets snippet --copy", () => {
  /** A directory with a stub `xsel` that saves its stdin and arguments, as clipboardy runs it on X11 Linux. */
  function fakeClipboard(): { env: Record<string, string>; dir: string } {
    const dir = mkdtempSync(join(scratch(), "clipboard-"));
    mkdirSync(join(dir, "bin"));
    const xsel = join(dir, "bin", "xsel");
    writeFileSync(xsel, `#!/bin/sh\nprintf '%s\\n' "$*" > "${join(dir, "args")}"\ncat > "${join(dir, "clipboard")}"\n`);
    chmodSync(xsel, 0o755);
    // clipboardy picks wl-copy under Wayland (WAYLAND_DISPLAY or XDG_SESSION_TYPE=wayland), else xsel from PATH.
    // FORCE_COLOR=0 keeps Node's colour-variable warning out of these tests (see the bug test below).
    const env = { PATH: `${join(dir, "bin")}${delimiter}${process.env.PATH ?? ""}`, WAYLAND_DISPLAY: "", XDG_SESSION_TYPE: "", FORCE_COLOR: "0" };
    return { env, dir };
  }

  it("refuses when more than one snippet matches", () => {
    const { env, dir } = fakeClipboard();
    expectUsageError(runCli(["snippet", flux, "--copy"], { env }), "--copy", /--lang and --client/);
    expectUsageError(runCli(["snippet", flux, "--copy", "--lang", "js"], { env }), "--copy");
    expect(existsSync(join(dir, "clipboard"))).toBe(false);
  });

  it("copies the one chosen snippet with the system clipboard tool", () => {
    const { env, dir } = fakeClipboard();
    const expected = snippetOf(librarySnippets(flux), "sh", "curl").content;
    const { stdout, stderr, code } = runCli(["snippet", flux, "--copy", "--lang", "sh", "--client", "curl"], { env });
    expect(code).toBe(0);
    expect(stdout).toBe(`${expected}\n`);
    expectOneDiagnosticLine(withoutHint(stderr), /copied the sh\/curl snippet/);
    expect(readFileSync(join(dir, "args"), "utf8").trim()).toBe("--clipboard --input");
    expect(readFileSync(join(dir, "clipboard"), "utf8")).toBe(expected);
  });

  it("exits 2 with one line of its own and prints nothing when no clipboard tool works and no terminal is attached", () => {
    const dir = mkdtempSync(join(scratch(), "no-clipboard-"));
    mkdirSync(join(dir, "bin"));
    // Both the xsel on PATH and clipboardy's bundled fallback fail without a display.
    writeFileSync(join(dir, "bin", "xsel"), '#!/bin/sh\necho "xsel: Can\'t open display: (null)" >&2\nexit 1\n');
    chmodSync(join(dir, "bin", "xsel"), 0o755);
    const env = { PATH: `${join(dir, "bin")}${delimiter}${process.env.PATH ?? ""}`, WAYLAND_DISPLAY: "", XDG_SESSION_TYPE: "", DISPLAY: "", FORCE_COLOR: "0" };
    const { stdout, stderr, code } = runCli(["snippet", flux, "--copy", "--lang", "sh", "--client", "curl"], { env });
    expect(code).toBe(2);
    // The copy comes first: a failed one prints no snippet, and says so in our words, not the clipboard tool's.
    expect(stdout).toBe("");
    expectOneDiagnosticLine(stderr, "--copy: could not copy", "nothing was printed");
    expect(stderr).not.toMatch(/xsel|display|clipboardy/i);
  });

  // BUG: loading clipboardy loads execa's yoctocolors, which calls process.stderr.hasColors() at import; with
  // FORCE_COLOR set and NODE_DISABLE_COLORS (or an empty NO_COLOR, as runCli sets) also set, Node then writes
  // "(node:PID) Warning: The 'NODE_DISABLE_COLORS' env is ignored due to the 'FORCE_COLOR' env being set."
  // and a "(Use `node --trace-warnings ...`" line to stderr before the confirmation.
  it.each([[{ NODE_DISABLE_COLORS: "1", FORCE_COLOR: "1" }], [{ NO_COLOR: "", FORCE_COLOR: "" }]])(
    "writes only its own confirmation on stderr with %j",
    (colours) => {
      const { env } = fakeClipboard();
      const { stdout, stderr, code } = runCli(["snippet", flux, "--copy", "--lang", "sh", "--client", "curl"], { env: { ...env, ...colours } });
      expect(code).toBe(0);
      expect(stdout).not.toMatch(ansiPattern);
      expectOneDiagnosticLine(withoutHint(stderr), /copied the sh\/curl snippet/);
    },
  );
});
