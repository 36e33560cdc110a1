import { useEffect, useRef, useState } from "react";

/** Spec section 9: the result display resets after 3 s. */
export const SUMMARY_RESET_MS = 3000;

/**
 * Calls `onReset` after `ms`, unless the person starts using the summary first (a press or the focus
 * inside it: selecting text, a button, a link): a timer must not take away what someone is working
 * with (WCAG 2.2.1). Returns the handlers that hold it.
 */
export function useAutoReset(onReset: () => void, ms = SUMMARY_RESET_MS) {
  const [held, setHeld] = useState(false);
  const latest = useRef(onReset);
  useEffect(() => {
    latest.current = onReset;
  });
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [held, ms]);
  const hold = () => setHeld(true);
  return { onPointerDown: hold, onFocus: hold };
}
