import { Box, Text } from "./ink-parts.js";
import { Fragment } from "react";
import type { Document } from "../presenters/document.js";

/**
 * A titled document: a heading, its subtitle, then each section as a labelled list. A section's lines are one
 * text (lines joined by line breaks, in one indented box) rather than a box and a text each: the same screen,
 * with a third of the nodes for Ink to lay out and measure.
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
              <Text>
                {section.lines.map((line, index) => (
                  <Fragment key={index}>
                    {index > 0 ? "\n" : ""}
                    <Text color="green">{line.primary}</Text>
                    {line.secondary ? `  ${line.secondary}` : ""}
                  </Fragment>
                ))}
              </Text>
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
