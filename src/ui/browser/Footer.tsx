import { Box, Text } from "ink";

export interface KeyHint {
  keys: string;
  action: string;
}

/** The keys that work on the current screen, always visible at the bottom. */
export function Footer({ hints }: { hints: KeyHint[] }) {
  return (
    <Box>
      <Text wrap="truncate-end">
        {hints.map((hint, index) => (
          <Text key={hint.keys}>
            {index > 0 ? "  " : ""}
            <Text bold color="cyan">
              {hint.keys}
            </Text>{" "}
            {hint.action}
          </Text>
        ))}
      </Text>
    </Box>
  );
}

/** Every key of every screen, for the `?` overlay. */
export function HelpView({ sections }: { sections: { title: string; hints: KeyHint[] }[] }) {
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>Keys</Text>
      {sections.map((section) => (
        <Box key={section.title} flexDirection="column">
          <Text bold color="cyan">
            {section.title}
          </Text>
          <Text wrap="wrap">
            {section.hints.map((hint) => `${hint.keys} ${hint.action}`).join(" · ")}
          </Text>
        </Box>
      ))}
      <Text dimColor>Press ? or Esc to close. Ctrl+C quits anywhere.</Text>
    </Box>
  );
}
