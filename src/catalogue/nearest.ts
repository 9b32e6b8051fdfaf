import { distance } from "fastest-levenshtein";

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
