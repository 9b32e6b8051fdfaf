import { distance } from "fastest-levenshtein";
import { ExitCode, UserError } from "../errors.js";

/** The candidates closest to `input` by edit distance, or containing it, best first; empty when none is close. */
export function nearestIds(input: string, candidates: readonly string[], limit = 3): string[] {
  const needle = input.toLowerCase();
  const threshold = Math.max(2, Math.floor(needle.length / 2));
  return candidates
    .map((id) => ({
      id,
      score: distance(needle, id),
      contains: id.includes(needle),
    }))
    .filter(({ score, contains }) => contains || score <= threshold)
    .sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map(({ id }) => id);
}

/**
 * An unknown id of any kind (task, library, app, provider, client, language, deploy target, policy): nothing matches,
 * exit 1, with the nearest ids ("did you mean …?"), or `otherwise` (the list, or where to find it) when none is close;
 * `of` names the table an id of several (a region, an instance) is missing from.
 */
export function unknownIdError(what: string, id: string, candidates: readonly string[], otherwise: string, of?: string): UserError {
  const near = nearestIds(id, candidates);
  const where = of === undefined ? "" : ` ${of}`;
  return new UserError(`unknown ${what} '${id}'${where}; ${near.length > 0 ? `did you mean ${near.join(", ")}?` : otherwise}`, ExitCode.noMatch);
}
