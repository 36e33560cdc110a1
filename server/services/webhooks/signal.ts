/** A nudge to this process's delivery worker: something was queued, look now rather than at the next poll. */
export function createWakeSignal() {
  const listeners = new Set<() => void>();
  return {
    wake(): void {
      for (const listener of listeners) listener();
    },
    /** Returns the function that stops listening. */
    listen(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WakeSignal = ReturnType<typeof createWakeSignal>;
