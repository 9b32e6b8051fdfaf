/*
 * `npm run upstream`: fetch two releases of @huggingface/tasks and @huggingface/inference, compare what they say
 * for every table we hold to upstream, and say for each change whether our tables follow it. Exit 0 when nothing
 * differs or everything is followed, 1 when something needs attention, 2 on a bad argument or a failed fetch.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArguments, RadarError, type ReleaseRange } from "./arguments.js";
import { compareReleases } from "./compare.js";
import { snippetDrift } from "./drift.js";
import { inferenceDrift } from "./inference-drift.js";
import { importPackage, importPackageFile } from "./load-package.js";
import { ourFacts } from "./our-facts.js";
import { packageFacts, type InferenceModule, type InferenceTemplates, type TasksModule } from "./package-facts.js";
import { inferenceName, inferenceRelease, newestVersion, packageVersion, tasksName, tasksRelease } from "./releases.js";
import { jsonReport, markdownReport, needsAttention, type Report } from "./report.js";
import type { FactTables } from "./tables.js";

function pinnedVersions(root: string): { tasks: string; inference: string } {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  return { tasks: manifest.devDependencies[tasksName] ?? "", inference: manifest.devDependencies[inferenceName] ?? "" };
}

const resolved = (range: ReleaseRange, name: string) => ({ from: range.from, to: range.to ?? newestVersion(name) });

interface Release {
  tasks: TasksModule;
  inference: InferenceModule;
  facts: FactTables;
}

async function loadRelease(root: string, tasksVersion: string, inferenceVersion: string): Promise<Release> {
  const tasksDir = tasksRelease(tasksVersion, root);
  const inferenceDir = inferenceRelease(inferenceVersion, tasksVersion, tasksDir, root);
  for (const [dir, version] of [
    [tasksDir, tasksVersion],
    [inferenceDir, inferenceVersion],
  ] as const) {
    if (packageVersion(dir) !== version) throw new RadarError(`${dir} holds ${packageVersion(dir)}, not ${version}`);
  }
  const tasks = await importPackage<TasksModule>(tasksDir);
  const inference = await importPackage<InferenceModule>(inferenceDir);
  const templates = await importPackageFile<{ templates: InferenceTemplates }>(inferenceDir, "dist/esm/snippets/templates.exported.js");
  return { tasks, inference, facts: packageFacts(tasks, inference, templates?.templates) };
}

/** Runs the radar; returns the exit code, having written the report to stdout or the error to stderr. */
export async function main(argv: readonly string[], root: string): Promise<number> {
  try {
    const options = parseArguments(argv, pinnedVersions(root));
    const tasks = resolved(options.tasks, tasksName);
    const inference = resolved(options.inference, inferenceName);
    const before = await loadRelease(root, tasks.from, inference.from);
    const after = await loadRelease(root, tasks.to, inference.to);
    const report: Report = {
      releases: [
        { name: tasksName, ...tasks },
        { name: inferenceName, ...inference },
      ],
      changes: compareReleases(before.facts, after.facts, ourFacts()),
      ...(options.snippets ? { drift: [...snippetDrift(root, before.tasks, after.tasks), ...inferenceDrift(root, before.inference, after.inference)] } : {}),
    };
    process.stdout.write(options.json ? jsonReport(report) : markdownReport(report));
    return needsAttention(report).length > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof RadarError)) throw error;
    process.stderr.write(`upstream: ${error.message}\n`);
    return error.exitCode;
  }
}
