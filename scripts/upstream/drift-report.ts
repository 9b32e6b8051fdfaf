/*
 * The drift section of the Markdown report: for each record on which upstream's text changed, the text of both
 * releases and ours, folded under a summary line. It is for review and never changes the radar's exit code.
 */
import { oneLineText, visibleText } from "../../src/values/visible-text.js";
import type { Drift } from "./drift.js";

/** A fenced block whose fence is longer than any run of backticks in the text. */
function fenced(label: string, text: string | undefined): string[] {
  if (text === undefined) return [`${label}: none`, ""];
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  return [`${label}:`, "", fence, visibleText(text), fence, ""];
}

/** The releases of each package, by name: the drift of inference snippets is @huggingface/inference's. */
export function driftSection(drift: readonly Drift[], releases: readonly { name: string; from: string; to: string }[]): string[] {
  const lines = ["## Snippet text drift (for review: upstream's generators over our corpus)", ""];
  if (drift.length === 0) return [...lines, "No generator of a library, an app or an inference snippet writes other text for a record of our corpus.", ""];
  const releaseOf = (entry: Drift) =>
    releases.find((release) => release.name === (entry.kind === "inference" ? "@huggingface/inference" : "@huggingface/tasks")) ?? {
      name: "",
      from: "",
      to: "",
    };
  const keys = new Set(drift.map((entry) => `${entry.kind} \`${entry.key}\``));
  const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  lines.push(
    oneLineText(
      `${counted(drift.length, "record snippet")} on which upstream's text changed, for ${counted(keys.size, "generator")}: ${[...keys].join(", ")}.`,
    ),
    "",
  );
  for (const entry of drift) {
    lines.push(
      "<details>",
      oneLineText(`<summary>${entry.kind} \`${entry.key}\` on ${entry.record}</summary>`),
      "",
      ...fenced(`${releaseOf(entry).name} ${releaseOf(entry).from}`, entry.before),
      ...fenced(`${releaseOf(entry).name} ${releaseOf(entry).to}`, entry.after),
      ...fenced("ours", entry.ours),
      "</details>",
      "",
    );
  }
  return lines;
}
