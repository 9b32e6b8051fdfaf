import { Text as InkText } from "ink";
import { Children, type ComponentProps } from "react";
import { visibleText } from "../../values/visible-text.js";
import { expandTabs } from "./ansi-columns.js";

/**
 * Ink's Text with each string child made visible: a record's text (a tag, a file name, a provider's id) reaches the
 * screen with its control characters as escapes. Ink itself keeps OSC sequences (a clipboard write, a title) and
 * lone controls (BS, CR, C1) of the text it is given; this is what the browser's screens write text with. A tab
 * becomes the spaces to its tab stop: Ink counts it as no column, the terminal as up to 8.
 */
export function Text(props: ComponentProps<typeof InkText>) {
  const { children, ...rest } = props;
  return <InkText {...rest}>{Children.map(children, (child) => (typeof child === "string" ? expandTabs(visibleText(child)) : child))}</InkText>;
}
