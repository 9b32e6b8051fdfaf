import { ExitCode, UserError } from "../errors.js";
import { loadClipboardy } from "./load-clipboardy.js";
import { stdioStream } from "./stdio.js";

/** How a snippet reached the clipboard, for the confirmation line. */
export type CopyMethod = "clipboard" | "osc52";

function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}

/**
 * Copies text with the system clipboard tool; where there is none (a headless or SSH session), asks the
 * terminal to do it with an OSC 52 escape written to whichever of stdout or stderr is a terminal.
 */
export async function copyText(text: string): Promise<CopyMethod> {
  try {
    const { default: clipboard } = await loadClipboardy();
    await clipboard.write(text);
    return "clipboard";
  } catch (error) {
    const terminal = [stdioStream(1), stdioStream(2)].find((stream) => stream.isTTY);
    if (!terminal) {
      // In our own words: the clipboard library's message is about its helper programs (HUB_SNIPPETS_DEBUG=1 shows it).
      throw new UserError(
        "--copy: could not copy: no clipboard tool answered and no terminal is attached for an OSC 52 copy; nothing was printed (leave out --copy and redirect the output to a file)",
        ExitCode.usage,
        { cause: error },
      );
    }
    terminal.write(osc52(text));
    return "osc52";
  }
}
