const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `ask` every `everyMs` until stopped, and keeps its answers. The worst lateness is how long
 * after its due time an answer came, so a stalled event loop counts in full even if the request
 * itself, once sent, was quick.
 */
export function poll<T>(everyMs: number, ask: () => Promise<T>) {
  let running = true;
  let worst = 0;
  const answers: T[] = [];
  const loop = (async () => {
    const start = performance.now();
    for (let i = 0; running; i++) {
      const due = start + i * everyMs;
      if (due > performance.now()) await sleep(due - performance.now());
      answers.push(await ask());
      worst = Math.max(worst, performance.now() - due);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { worst, answers };
    },
  };
}
