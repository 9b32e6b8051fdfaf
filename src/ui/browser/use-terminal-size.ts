import { useStdout } from "ink";
import { useEffect, useState } from "react";

export interface TerminalSize {
  columns: number;
  rows: number;
}

/** The terminal's size, updated when the window is resized (80×24 when the stream does not say). */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const update = () =>
      setSize((current) => {
        const next = read();
        return next.columns === current.columns && next.rows === current.rows ? current : next;
      });
    // A resize between the first frame and this effect would otherwise go unseen.
    update();
    stdout.on("resize", update);
    return () => {
      stdout.off("resize", update);
    };
  }, [stdout]);
  return size;
}
