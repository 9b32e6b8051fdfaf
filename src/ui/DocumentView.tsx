import { Box, Text } from "ink";
import type { Document } from "../presenters/document.js";

/** A titled document: a heading, its subtitle, then each section as a labelled list. */
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
          {section.lines.map((line, index) => (
            <Box key={index} paddingLeft={2}>
              <Text>
                <Text color="green">{line.primary}</Text>
                {line.secondary ? `  ${line.secondary}` : ""}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
