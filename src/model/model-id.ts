// Kept apart from the record schema (record.ts) so that code which only checks an id, such as the library
// generators in dist/libraries-<module>.cjs, does not bring zod and the schema's construction into its bundle.

/** A Hub model id: `name` or `owner/name`, letters, digits, `.`, `_` and `-` only. */
export const modelIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)?$/;

/** A Hub model id, or undefined for anything else (a local path, an empty string, a non-string). */
export function asModelId(value: unknown): string | undefined {
  return typeof value === "string" && modelIdPattern.test(value) ? value : undefined;
}
