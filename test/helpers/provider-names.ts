import { listProviderIds } from "../../src/catalogue/providers.js";
import { hasProviderMapping, isLive, providerMappingOf } from "../../src/model/provider-mapping.js";
import type { ModelRecord } from "../../src/model/record.js";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The providers a snippet's code names, in any of the ways code can name one: a router route
 * (`router.huggingface.co/<provider>/…`), the router's `<model>:<provider>` suffix, or a client's provider argument
 * (`provider="…"`, `provider: "…"`). Only ids of the provider table and of the record's mapping are looked for.
 */
export function providersNamedIn(content: string, candidates: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const id of candidates) {
    const name = escape(id);
    const patterns = [
      new RegExp(`router\\.huggingface\\.co/${name}(/|\\?|'|")`),
      new RegExp(`:${name}["'\`]`),
      new RegExp(`provider\\s*[=:]\\s*["'\`]${name}["'\`]`),
    ];
    if (patterns.some((pattern) => pattern.test(content))) named.add(id);
  }
  return named;
}

/** Every provider id a snippet for this record could name: the table's and the mapping's. */
export function candidateProviders(model: ModelRecord): string[] {
  return [...new Set([...listProviderIds(), ...providerMappingOf(model).map((entry) => entry.provider)])];
}

/**
 * The providers a default snippet may name for this record: with a mapping, its live entries only (and `auto`);
 * without one, hf-inference (assumed) and `auto`.
 */
export function allowedProviders(model: ModelRecord): Set<string> {
  if (!hasProviderMapping(model)) return new Set(["hf-inference", "auto"]);
  return new Set([
    "auto",
    ...providerMappingOf(model)
      .filter(isLive)
      .map((entry) => entry.provider),
  ]);
}
