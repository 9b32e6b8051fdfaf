import type { z } from "zod";

/** A zod issue path as a JSON path: `$.models[2].description`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${out}.${name}` : `${out}[${JSON.stringify(name)}]`;
  }, "$");
}

/** The first problem of a failed parse, as `<json path>: <message>`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "$: invalid";
  return `${jsonPath(issue.path)}: ${issue.message}`;
}
