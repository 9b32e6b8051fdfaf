import { type Key } from "ink";
import { Text } from "./VisibleText.js";

/** A list of ids to pick one from, the picked one marked `›` and inverted while the list has focus. */
export function ChoiceList({ ids, pick, focused }: { ids: readonly string[]; pick: number; focused: boolean }) {
  return (
    <>
      {ids.map((id, index) => (
        <Text key={id} inverse={focused && index === pick} wrap="truncate-end">
          {focused && index === pick ? "›" : " "} {id}
        </Text>
      ))}
    </>
  );
}

/** How far ↑/↓ move the pick (Home and End: to the first and the last), or undefined for another key. */
export function pickMove(key: Key): number | undefined {
  if (key.upArrow) return -1;
  if (key.downArrow) return 1;
  return key.home ? -Infinity : key.end ? Infinity : undefined;
}

/** The pick moved by `delta`, held inside the list. */
export const movedPick = (pick: number, delta: number, count: number): number => Math.max(0, Math.min(count - 1, pick + delta));
