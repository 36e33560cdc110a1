import { useEffect, useRef, useState } from "react";

/** Spec section 9: the copied indicator shows for 2 seconds. */
const COPIED_MS = 2000;

/** Copies text to the clipboard; `copied` stays true for 2 seconds after a success. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    return true;
  }

  return { copied, copy };
}
