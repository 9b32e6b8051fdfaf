#!/usr/bin/env node
// Checks a commit message file against the project's convention: a subject line of 1 to 72 characters that does not
// end with a full stop, and, when there is a body, a blank line between them. Comment lines (#) are git's, not the
// message's. Exit 0 when it follows, 1 with the reason; 2 on bad usage. Used by .githooks/commit-msg.
import { readFileSync } from "node:fs";

export function commitMessageProblems(message) {
  const lines = message.split("\n").filter((line) => !line.startsWith("#"));
  while (lines.length > 0 && lines.at(-1).trim() === "") lines.pop();
  const [subject = "", second, ...body] = lines;
  const problems = [];
  if (subject.trim() === "") problems.push("the subject (first line) is empty");
  const length = [...subject].length;
  if (length > 72) problems.push(`the subject is ${length} characters; at most 72 (reasons and measurements go in the body)`);
  if (/\.$/.test(subject) && !/\.\.\.$/.test(subject)) problems.push("the subject ends with a full stop");
  if (second !== undefined && second.trim() !== "") problems.push("the second line must be blank, between the subject and the body");
  void body;
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/check-commit-message.mjs <commit message file>");
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, "utf8"));
  for (const problem of problems) console.error(`commit message: ${problem}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
