import { nearestIds } from "../catalogue/nearest.js";
import { ExitCode, UserError } from "../errors.js";

/** "unknown task 'x'; did you mean …?" (exit 1), or a pointer to the list when nothing is close. */
export function unknownIdError(what: string, id: string, candidates: readonly string[], listCommand: string): UserError {
  const suggestions = nearestIds(id, candidates);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(", ")}?` : `; see \`${listCommand}\``;
  return new UserError(`unknown ${what} '${id}'${hint}`, ExitCode.noMatch);
}
