import { Box } from "ink";
import { Text } from "./VisibleText.js";
import { useState } from "react";
import { ChoiceList, movedPick, pickMove } from "./ChoiceList.js";
import { useKeys } from "./use-keys.js";

export interface DatasetChooserScreenProps {
  taskLabel: string;
  /** The ids of the task's example datasets. */
  datasets: readonly string[];
  active: boolean;
  onDataset: (id: string) => void;
  onBack: () => void;
}

/** Pick one of the task's example datasets, for its page. */
export function DatasetChooserScreen({ taskLabel, datasets, active, onDataset, onBack }: DatasetChooserScreenProps) {
  const [pick, setPick] = useState(0);

  useKeys(
    (_input, key) => {
      const delta = pickMove(key);
      if (delta !== undefined) setPick((current) => movedPick(current, delta, datasets.length));
      else if (key.return) {
        const id = datasets[pick];
        if (id) onDataset(id);
      } else if (key.escape) onBack();
    },
    { isActive: active },
  );

  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {taskLabel}: choose a dataset
      </Text>
      <ChoiceList ids={datasets} pick={pick} focused />
      <Text dimColor>Enter: the code that loads it</Text>
    </Box>
  );
}
