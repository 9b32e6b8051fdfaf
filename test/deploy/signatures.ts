import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { SdkSignaturesSchema, type SdkSignatures } from "../../src/deploy/schema.js";

/*
 * For the deploy targets whose SDK does not install here: the names a printed snippet uses, read by Python's own
 * parser (ast), held to the SDK's source as read (data/deploy/<target>-signatures.json).
 */

export const readSignatures = (file: string): SdkSignatures =>
  SdkSignaturesSchema.parse(JSON.parse(readFileSync(new URL(`../../data/deploy/${file}`, import.meta.url), "utf8")));

export interface UsedNames {
  imports: string[];
  calls: { name: string; keywords: string[]; positional: number }[];
}

/** The imports and calls of a Python file, read by ast: `module.name` per import, the called name and its keywords per call. */
export function usedNames(source: string): UsedNames {
  const script = [
    "import ast, json, sys",
    "tree = ast.parse(sys.stdin.read())",
    "imports, calls = [], []",
    "for node in ast.walk(tree):",
    "    if isinstance(node, ast.ImportFrom):",
    "        imports += [f'{node.module}.{alias.name}' for alias in node.names]",
    "    elif isinstance(node, ast.Import):",
    "        imports += [alias.name for alias in node.names]",
    "    elif isinstance(node, ast.Call):",
    "        func = node.func",
    "        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else '?'",
    "        calls.append({'name': name, 'keywords': [k.arg for k in node.keywords], 'positional': len(node.args)})",
    "print(json.dumps({'imports': imports, 'calls': calls}))",
  ].join("\n");
  const result = spawnSync("python3", ["-c", script], { input: source, encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) throw new Error(`python3 (ast) failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as UsedNames;
}

/**
 * Every import, call, keyword and positional argument of `source` is in `signatures` (a call's name may be read from
 * more than one class, as begin_create_or_update is: one of them must take it), and each row names `repository`.
 */
export function expectKnownNames(signatures: SdkSignatures, source: string, repository: string): void {
  const used = usedNames(source);
  const imported = signatures.imports.map((row) => row.name);
  for (const name of used.imports.filter((name) => !signatures.standard.includes(name))) expect(imported, name).toContain(name);
  for (const call of used.calls) {
    if (signatures.standard.includes(call.name)) continue;
    const rows = signatures.callables.filter((row) => row.call === call.name);
    expect(rows.length, `${call.name} is not in the signatures`).toBeGreaterThan(0);
    const takes = rows.some((row) => call.keywords.every((keyword) => row.keywords.includes(keyword)) && call.positional <= row.positional.length);
    expect(takes, `${call.name}(${call.positional} positional, ${call.keywords.join(", ")}) matches no signature read`).toBe(true);
  }
  for (const row of [...signatures.imports, ...signatures.callables]) {
    expect(row.repository).toBe(repository);
    expect(row.commit).toMatch(/^[0-9a-f]{40}$/);
  }
}
