import { Box, Text } from "ink";
import type { Snippet } from "../snippets/clients.js";
import { highlight } from "./highlight.js";

/** One titled, bordered block per snippet, with the code syntax-highlighted. */
export function SnippetsView({ snippets }: { snippets: Snippet[] }) {
  return (
    <Box flexDirection="column">
      {snippets.map((snippet) => (
        <Box key={`${snippet.language}/${snippet.client}`} flexDirection="column" marginBottom={1}>
          <Text bold color="cyan">
            {snippet.language} · {snippet.client}
          </Text>
          <Box borderStyle="round" borderColor="gray" paddingX={1}>
            <Text>{highlight(snippet.content, snippet.language)}</Text>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
