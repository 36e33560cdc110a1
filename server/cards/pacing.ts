import { setImmediate } from "node:timers/promises";

// One process serves every request: a file read in one go held it for seconds (a 10 MB upload) or minutes
// (a hostile one), health checks and progress polls included. So the reading of a file is written as
// generators that yield PAUSE between bounded pieces of work (256 KB decoded, a line of a card, a
// window of CSV text), and a request runs them with a turn of the event loop whenever SLICE_MS have
// passed. The same generators also run to their end at once (detectEncoding, vcardsOf, csvRecords), for
// the tests and for text the server wrote itself.

/** Where work done in steps may stop for other requests. */
export const PAUSE = Symbol("pause");
export type Pause = typeof PAUSE;

/** Work done in steps that ends with a value. */
export type Steps<T> = Generator<Pause, T, void>;

/** How long file work runs before other requests get a turn. */
export const SLICE_MS = 20;

/** Bytes or characters a step of simple work (decoding, scanning) goes through: a few milliseconds. */
export const STEP_BYTES = 256 * 1024;

/** The clock of one piece of work: due once SLICE_MS have passed since its last turn. */
export interface Pacer {
  due(): boolean;
  turn(): Promise<void>;
}

export function pacer(): Pacer {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= SLICE_MS,
    async turn() {
      await setImmediate();
      since = performance.now();
    },
  };
}

/** Runs steps to their end, giving the event loop a turn whenever one is due. */
export async function paced<T>(steps: Steps<T>, pace: Pacer = pacer()): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (pace.due()) await pace.turn();
  }
}

/** Runs steps to their end without stopping (small inputs). */
export function atOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The items of a generator that also yields PAUSE, with a turn of the event loop whenever one is due. */
export async function* pacedItems<T>(items: Iterable<T | Pause>, pace: Pacer = pacer()): AsyncGenerator<T> {
  for (const item of items) {
    if (pace.due()) await pace.turn();
    if (item !== PAUSE) yield item;
  }
}

/** The items of such a generator, read without stopping. */
export function* withoutPauses<T>(items: Iterable<T | Pause>): Generator<T> {
  for (const item of items) if (item !== PAUSE) yield item;
}
