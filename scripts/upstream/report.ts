/*
 * The radar's report: Markdown for a pull request (one checkbox per fact, ticked where our tables follow it), or
 * JSON. Upstream text is data: every control character is written as an escape.
 */
import { jsonKeptControls, unicodeEscape } from "../../src/values/terminal-controls.js";
import { oneLineText } from "../../src/values/visible-text.js";
import type { Change } from "./tables.js";
import type { Drift } from "./drift.js";
import { driftSection } from "./drift-report.js";
import { tableIds, tables } from "./tables.js";

export interface ReleasePair {
  name: string;
  from: string;
  to: string;
}

export interface Report {
  releases: ReleasePair[];
  changes: Change[];
  /** With --snippets: where upstream's snippet text changed on our corpus. */
  drift?: Drift[];
}

/** Changes that need our attention: upstream moved and a table of ours did not. */
export const needsAttention = (report: Report): Change[] => report.changes.filter((change) => change.followed === false);

function summary(report: Report): string {
  const count = (followed: boolean | undefined) => report.changes.filter((change) => change.followed === followed).length;
  return `${report.changes.length} facts changed: ${count(true)} followed by our tables, ${count(false)} need attention, ${count(undefined)} in tables we only watch.`;
}

const releaseLine = (pair: ReleasePair) => `${pair.name} ${pair.from} → ${pair.to}`;

export function markdownReport(report: Report): string {
  const lines = [`# Upstream radar: ${report.releases.map(releaseLine).join(", ")}`, ""];
  const drift = report.drift ? driftSection(report.drift, report.releases) : [];
  if (report.changes.length === 0) return [...lines, "No fact of the tables we hold to upstream differs between these releases.", "", ...drift].join("\n");
  lines.push(summary(report), "");
  for (const table of tableIds) {
    const changes = report.changes.filter((change) => change.table === table);
    if (changes.length === 0) continue;
    const { kind, ours } = tables[table];
    lines.push(`## ${kind} (${ours ?? "no table of ours: for information"})`, "");
    for (const change of changes) {
      const mark = change.followed === undefined ? "-" : change.followed ? "- [x]" : "- [ ]";
      lines.push(oneLineText(`${mark} ${change.sentence}${change.because ? ` (not followed: ${change.because})` : ""}`));
    }
    lines.push("");
  }
  return [...lines, ...drift].join("\n");
}

export function jsonReport(report: Report): string {
  const attention = needsAttention(report).length;
  // `status` says outright what `followed` says by its absence for a table we only watch.
  const status = (change: Change) => (change.followed === undefined ? "watched" : change.followed ? "followed" : "attention");
  const value = { ...report, changes: report.changes.map((change) => ({ ...change, status: status(change) })), needsAttention: attention };
  return `${JSON.stringify(value, null, 2).replace(jsonKeptControls, unicodeEscape)}\n`;
}
