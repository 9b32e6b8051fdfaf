import chalk from "chalk";
import type { Document } from "../presenters/document.js";
import { hangingWrap } from "./hanging-wrap.js";
import { Box, sanitizeAnsi, Text } from "./ink-parts.js";

/**
 * A section's lines as one text: each line's primary part in green, then its secondary part. It is the text Ink
 * would build from a <Text color="green"> per line (Ink sanitises a nested text, then colours it with the same
 * chalk), written directly: one text node for React and Ink instead of three per line.
 */
function sectionText(lines: Document["sections"][number]["lines"]): string {
  return lines.map((line) => `${chalk.green(sanitizeAnsi(line.primary))}${line.secondary ? `  ${line.secondary}` : ""}`).join("\n");
}

/** A section's lines wrapped to `width`, the rows a line continues on indented further than its first (Ink's wrap would not). */
function hangingSectionText(lines: Document["sections"][number]["lines"], width: number): string {
  return sectionText(lines)
    .split("\n")
    .flatMap((line) => hangingWrap(line, width, "  "))
    .join("\n");
}

/**
 * A titled document: a heading, its subtitle, then each section as a labelled list. A section's lines are one
 * text (sectionText, in one indented box) rather than a box and a text each: the same screen, with a fraction of
 * the nodes for React to create and Ink to lay out and measure.
 */
export function DocumentView({ document, width }: { document: Document; width?: number }) {
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
            width === undefined ? (
              <Box paddingLeft={2}>
                <Text>{sectionText(section.lines)}</Text>
              </Box>
            ) : (
              <Text>{hangingSectionText(section.lines, width)}</Text>
            )
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
