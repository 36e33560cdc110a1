import { useCallback, useState } from "react";

const PREFIX = "contactbook:";

function read<T extends string>(key: string, allowed: readonly T[]): T | null {
  try {
    const value = window.localStorage.getItem(PREFIX + key);
    return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
  } catch {
    return null; // storage blocked (private mode): the choice lasts for this page only
  }
}

/**
 * A choice (sort order, view) kept in this browser per signed-in person, so it survives reloads and
 * two people sharing a computer each keep their own. `null` until chosen: callers pick their default.
 */
export function useRememberedChoice<T extends string>(
  name: string,
  userId: string | undefined,
  allowed: readonly T[],
): [T | null, (value: T) => void] {
  const key = `${name}:${userId ?? "anonymous"}`;
  const [state, setState] = useState<{ key: string; value: T | null }>(() => ({ key, value: read(key, allowed) }));
  // Another person signed in on this page: read their choice (derived state, no effect needed).
  const current = state.key === key ? state.value : read(key, allowed);
  if (state.key !== key) setState({ key, value: current });
  const choose = useCallback(
    (value: T) => {
      setState({ key, value });
      try {
        window.localStorage.setItem(PREFIX + key, value);
      } catch {
        // Not stored: still applied for this page.
      }
    },
    [key],
  );
  return [current, choose];
}
