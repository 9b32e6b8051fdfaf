import { Box, useInput } from "ink";
import { Text } from "./VisibleText.js";
import { useState } from "react";
import { ChoiceList, movedPick } from "./ChoiceList.js";

export interface DatasetChooserScreenProps {
  taskLabel: string;
  /** The ids of the task's example datasets. */
  datasets: readonly string[];
  active: boolean;
  onDataset: (id: string) => void;
  onBack: () => void;
  onQuit: () => void;
}

/** Pick one of the task's example datasets, for its page. */
export function DatasetChooserScreen({ taskLabel, datasets, active, onDataset, onBack, onQuit }: DatasetChooserScreenProps) {
  const [pick, setPick] = useState(0);

  useInput(
    (input, key) => {
      const moved = movedPick(pick, key, datasets.length);
      if (moved !== undefined) setPick(moved);
      else if (key.return) {
        const id = datasets[pick];
        if (id) onDataset(id);
      } else if (key.escape) onBack();
      else if (input === "q") onQuit();
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
