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

/** The pick after ↑/↓ (held inside the list), or undefined for another key. */
export function movedPick(pick: number, key: Key, count: number): number | undefined {
  if (key.upArrow) return Math.max(0, pick - 1);
  if (key.downArrow) return Math.max(0, Math.min(count - 1, pick + 1));
  return undefined;
}
