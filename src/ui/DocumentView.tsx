import chalk from "chalk";
import type { Document } from "../presenters/document.js";
import { Box, sanitizeAnsi, Text } from "./ink-parts.js";

/**
 * A section's lines as one text: each line's primary part in green, then its secondary part. It is the text Ink
 * would build from a <Text color="green"> per line (Ink sanitises a nested text, then colours it with the same
 * chalk), written directly: one text node for React and Ink instead of three per line.
 */
export function sectionText(lines: Document["sections"][number]["lines"]): string {
  return lines.map((line) => `${chalk.green(sanitizeAnsi(line.primary))}${line.secondary ? `  ${line.secondary}` : ""}`).join("\n");
}

/**
 * A titled document: a heading, its subtitle, then each section as a labelled list. A section's lines are one
 * text (sectionText, in one indented box) rather than a box and a text each: the same screen, with a fraction of
 * the nodes for React to create and Ink to lay out and measure.
 */
export function DocumentView({ document }: { document: Document }) {
  return (
    <Box flexDirection="column">
      <Text bold color="cyan">
        {document.title}
      </Text>
      {document.subtitle ? <Text>{document.subtitle}</Text> : null}
      {document.sections.map((section) => (
        <Box key={section.title} flexDirection="column" marginTop={1}>
          <Text bold>{section.title}</Text>
          {section.lines.length > 0 ? (
            <Box paddingLeft={2}>
              <Text>{sectionText(section.lines)}</Text>
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
