import { useSyncExternalStore } from "react";

/**
 * A module loaded on first need (or soon after the first screen), shared by every component that asks
 * for it: `use()` is null until it has loaded, then the module, for all of them in the same render.
 */
export function lazyModule<T>(importer: () => Promise<T>) {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = (): Promise<T> => {
    pending ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        // A network blip: the next need tries again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return {
    load: () => void load().catch(() => undefined),
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => loaded,
        () => loaded,
      ),
  };
}
