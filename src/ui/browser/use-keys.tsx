import { useInput, type Key } from "ink";
import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { splitKeys, type KeyPress } from "./key-presses.js";

/** Handles one key, reading the state the keys before it left. */
export type KeyHandler = (input: string, key: Key) => void;

type Phase = "idle" | "awaiting commit" | "scheduled";

// Keys read from the terminal and not yet drawn, across the queues, and who waits for them to be.
let undrawn = 0;
const settleWaiters: Array<() => void> = [];

function drawn(count: number) {
  undrawn = Math.max(0, undrawn - count);
  if (undrawn === 0) for (const resolve of settleWaiters.splice(0)) resolve();
}

/**
 * Resolves when every key read so far has been handled and the frame it makes committed: what a test that sends
 * keys as a terminal does waits for, instead of a fixed time that a busy machine overruns.
 */
export function keysSettled(): Promise<void> {
  return undrawn === 0 ? Promise.resolve() : new Promise((resolve) => settleWaiters.push(resolve));
}

/**
 * Reads the terminal's keys and hands them to `handler` one at a time. A chunk of several keys (a held arrow, fast
 * typing, a paste) is split into single keys, and each key waits until React has committed what the one before it
 * did: the handler is then the one rendered from that state, so no key is read against a stale screen. A key that
 * arrives alone is handled at once.
 */
export function useKeyQueue(handler: KeyHandler, active: boolean): void {
  const latest = useRef(handler);
  const queue = useRef<KeyPress[]>([]);
  const phase = useRef<Phase>("idle");
  // Keys handled whose frame is not committed yet.
  const handled = useRef(0);
  const [, setTurn] = useState(0);

  useLayoutEffect(() => {
    latest.current = handler;
  });

  const next = () => {
    const press = queue.current.shift();
    if (!press) {
      phase.current = "idle";
      return;
    }
    phase.current = "awaiting commit";
    handled.current += 1;
    latest.current(press.input, press.key);
    setTurn((turn) => turn + 1);
  };

  // After the commit, the next key in a task of its own: keys handled from a layout effect would nest React's
  // updates, which it caps at 50 (a long paste).
  useLayoutEffect(() => {
    if (phase.current !== "awaiting commit") return;
    drawn(handled.current);
    handled.current = 0;
    if (queue.current.length === 0) phase.current = "idle";
    else {
      phase.current = "scheduled";
      setImmediate(next);
    }
  });

  // Keys a screen that goes away never handles (or never draws) are not waited for.
  useLayoutEffect(
    () => () => {
      drawn(handled.current + queue.current.length);
      queue.current = [];
    },
    [],
  );

  useInput(
    (input, key) => {
      const presses = splitKeys(input, key);
      undrawn += presses.length;
      queue.current.push(...presses);
      if (phase.current === "idle") next();
    },
    { isActive: active },
  );
}

/** Where the app hands the keys its own handler leaves: the screen shown registers its handler here. */
type ScreenKeys = { current: KeyHandler | undefined };
const ScreenKeysContext = createContext<ScreenKeys | undefined>(undefined);

/** Lets the screens under it take the keys the app's handler passes on (`useKeys`), instead of reading their own. */
export function ScreenKeysProvider({ target, children }: { target: ScreenKeys; children: ReactNode }) {
  return <ScreenKeysContext.Provider value={target}>{children}</ScreenKeysContext.Provider>;
}

/** The app's slot for the screen's key handler, to hand to `ScreenKeysProvider`. */
export function useScreenKeys(): ScreenKeys {
  return useRef<KeyHandler | undefined>(undefined);
}

/**
 * A screen's keys. Inside the app, the app reads the keys (one queue, global keys first) and passes the rest to
 * the active screen; a screen rendered alone (a test of one screen) reads them itself, through the same queue.
 */
export function useKeys(handler: KeyHandler, { isActive = true }: { isActive?: boolean } = {}): void {
  const target = useContext(ScreenKeysContext);
  useLayoutEffect(() => {
    if (!target || !isActive) return;
    target.current = handler;
    return () => {
      if (target.current === handler) target.current = undefined;
    };
  });
  useKeyQueue(handler, isActive && target === undefined);
}
