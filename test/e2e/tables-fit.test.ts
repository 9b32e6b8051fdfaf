import { spawnSync } from "node:child_process";
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliPath } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";

// A table on a terminal fits its width, as gh's do: a long cell is cut with …, a column that cannot fit is left out,
// a header is never broken. Run on a real terminal (tmux) 80 columns wide; -J joins the rows the terminal wrapped.
const socket = `hub-snippets-tables-${process.pid}`;
const tmux = (...args: string[]) => spawnSync("tmux", ["-L", socket, ...args], { encoding: "utf8", timeout: 10_000 });

// A session that outlives each test's, so that the server never exits between two tests (browser-tmux.test.ts says why).
beforeAll(() => {
  if (hasTool("tmux")) tmux("new-session", "-d", "-s", "keepalive", "sleep 3600");
});
afterAll(() => {
  tmux("kill-server");
});

async function shownAt80(...args: string[]): Promise<string[]> {
  const command = [process.execPath, cliPath, ...args].map((word) => `'${word}'`).join(" ");
  tmux("new-session", "-d", "-c", process.cwd(), "-s", "tables", "-x", "80", "-y", "60", `${command}; echo END-OF-OUTPUT; sleep 30`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const shown = tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "tables").stdout;
    if (shown.includes("END-OF-OUTPUT")) {
      tmux("kill-session", "-t", "tables");
      return shown
        .split("\n")
        .map((row) => row.trimEnd())
        .filter((row) => row !== "" && row !== "END-OF-OUTPUT");
    }
    if (Date.now() > deadline) throw new Error(`no END-OF-OUTPUT:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!hasTool("tmux"))("tables on an 80-column terminal", () => {
  it.each([
    [["tasks", "list"], "MODELS"],
    [["apps", "list"], "SNIPPETS"],
    [["providers", "list"], "TASKS"],
    [["libraries", "list", "--datasets"], "DOCS"],
    [["libraries", "list"], "KEY"],
  ])(
    "%j fits: no row wider than 80 columns, the header whole",
    async (args, lastHeader) => {
      const rows = await shownAt80(...args);
      expect(rows.length).toBeGreaterThan(3);
      const wide = rows.filter((row) => stringWidth(row) > 80);
      expect(wide).toEqual([]);
      expect(rows[0]).toMatch(/^[A-Z]/);
      // A column kept whole (a URL) may head a line of its own, beneath the header row.
      expect(rows.slice(0, 2).flatMap((row) => row.trim().split(/\s{2,}/))).toContain(lastHeader);
    },
    60_000,
  );

  it("never cuts a URL: libraries list --datasets shows every docs link whole (issue 56, 17)", async () => {
    const rows = await shownAt80("libraries", "list", "--datasets");
    const links = (
      JSON.parse(spawnSync(process.execPath, [cliPath, "libraries", "list", "--datasets", "--json"], { encoding: "utf8" }).stdout) as {
        docsUrl?: string;
        repoUrl: string;
      }[]
    ).map((library) => library.docsUrl ?? library.repoUrl);
    expect(rows.filter((row) => row.includes("…"))).toEqual([]);
    const shown = rows.flatMap((row) => row.match(/https:\/\/\S+/g) ?? []);
    expect(shown).toEqual(links);
  }, 60_000);
});
