/** A zod issue path as a JSON path: `$.models[2].description`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${out}.${name}` : `${out}[${JSON.stringify(name)}]`;
  }, "$");
}

/** What a failed zod parse reports (classic zod and zod/mini alike). */
export interface ValidationError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first problem of a failed parse, as `<json path>: <message>`. */
export function firstIssue(error: ValidationError): string {
  const issue = error.issues[0];
  if (!issue) return "$: invalid";
  return `${jsonPath(issue.path)}: ${issue.message}`;
}
