import { Box } from "ink";
import { Text } from "./VisibleText.js";
import { useLayoutEffect, useMemo, useState } from "react";
import { datasetRecordCurl } from "../../dataset/record-url.js";
import { getDatasetSnippets } from "../../dataset/snippets.js";
import type { KeyHint } from "./Footer.js";
import { datasetPageKeys } from "./keys.js";
import { SnippetLine } from "./ModelPageLines.js";
import type { NotebookService } from "./notebook-file.js";
import { datasetPageNotebook, useNotebookKey } from "./page-notebook.js";
import { snippetItems } from "./snippet-items.js";
import { useSnippetPane, type CopyService } from "./snippet-pane.js";
import { useKeys } from "./use-keys.js";

export interface DatasetPageProps {
  /** A dataset id the catalogue names: it holds no record of it. */
  datasetId: string;
  /** The task the dataset was chosen from. */
  taskLabel?: string;
  width: number;
  height: number;
  active: boolean;
  copy: CopyService;
  /** Saves the notebook `n` writes and says where (or throws with a message to show). */
  saveNotebook: NotebookService;
  onBack: () => void;
  /** The keys that work on the page as it is now (i only for a snippet with an install command). */
  onHints?: (hints: KeyHint[]) => void;
}

/**
 * What the page says beside the generic code: that it is generic, the command that fetches the dataset's complete
 * record into a file, and what `hub-snippets dataset` then writes from it.
 */
function recordNote(id: string): string[] {
  const file = `${id.split("/").at(-1)}.json`;
  return [
    "Generic code: the catalogue holds no record of this dataset. Fetch it with:",
    `  ${datasetRecordCurl(id)} > ${file}`,
    `  then hub-snippets dataset ${file} gives the code for its configs and files.`,
  ];
}

/**
 * A dataset's page, as the Hub's "Use this dataset" menu: the code that loads it, one snippet at a time, each
 * copyable. A catalogue dataset has no record, so the code is what `hub-snippets dataset --id <id>` writes.
 */
export function DatasetPage(props: DatasetPageProps) {
  const { datasetId, width, height, active, copy, saveNotebook, onHints } = props;
  const snippets = useMemo(() => getDatasetSnippets({ id: datasetId, tags: [] }).snippets, [datasetId]);
  const { items, labels } = useMemo(() => snippetItems(snippets, false), [snippets]);
  const [item, setItem] = useState(0);
  const snippet = items[item]?.[0];
  const install = snippet?.install;
  const note = useMemo(() => recordNote(datasetId), [datasetId]);
  // The heading, the snippet line, the note, the install comment; below the code, where it is and the status.
  const codeHeight = Math.max(3, height - (4 + note.length + (install ? 1 : 0)));
  const pane = useSnippetPane(snippet, { width, codeHeight, copy });
  const writeNotebook = useNotebookKey(saveNotebook, pane.say);

  // Before the frame is drawn, so the footer never offers i where there is nothing to install.
  useLayoutEffect(() => {
    onHints?.(datasetPageKeys.filter((hint) => install !== undefined || hint.keys !== "i"));
  }, [install !== undefined]);

  useKeys(
    (input, key) => {
      const count = items.length;
      if ((key.leftArrow || key.rightArrow) && count > 0) {
        setItem((current) => (current + (key.leftArrow ? count - 1 : 1)) % count);
        pane.reset();
      } else if (pane.handleKey(input, key)) return;
      else if (input === "n") writeNotebook(() => datasetPageNotebook(datasetId));
      else if (key.escape) props.onBack();
    },
    { isActive: active },
  );

  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>Dataset:</Text> {datasetId}
        <Text dimColor>{props.taskLabel ? `  ${props.taskLabel}` : ""}</Text>
      </Text>
      {snippet ? <SnippetLine labels={labels} item={item} step={0} steps={1} grouped={false} /> : <Text> </Text>}
      {note.map((line) => (
        <Text key={line} wrap="truncate-end" dimColor>
          {line}
        </Text>
      ))}
      {pane.view}
    </Box>
  );
}
