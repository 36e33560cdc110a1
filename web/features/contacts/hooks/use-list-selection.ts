import { useState } from "react";
import type { Contact } from "../types";

/** What is ticked on the list: rows one by one, or 'all N matching' (the list's scope, not ids). */
export interface ListSelection {
  /** The rows ticked (when `allMatching`, every loaded row reads as ticked). */
  ids: ReadonlySet<string>;
  allMatching: boolean;
  isSelected: (id: string) => boolean;
  /** Ticks or unticks a row; with shift, every row from the last one clicked to this one. */
  toggle: (index: number, shift: boolean) => void;
  /** The header's box: every loaded row, or none. */
  setLoaded: (checked: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

interface State {
  scope: string;
  ids: ReadonlySet<string>;
  allMatching: boolean;
  anchor: number | null;
}

/**
 * The list's selection, for the rows `contacts` (as loaded) of the list `scope` (its search, chip and
 * group): another scope starts with nothing ticked, so an action never reaches rows no longer shown.
 */
export function useListSelection(contacts: readonly Contact[], scope: string): ListSelection {
  const empty: State = { scope, ids: new Set(), allMatching: false, anchor: null };
  const [stored, setState] = useState<State>(empty);
  const state = stored.scope === scope ? stored : empty;

  function toggle(index: number, shift: boolean) {
    const contact = contacts[index];
    if (!contact) return;
    // A row unticked out of 'all matching' leaves the loaded rows ticked but that one.
    const ids = new Set(state.allMatching ? contacts.map((c) => c.id) : state.ids);
    const checked = !ids.has(contact.id);
    const [from, to] = shift && state.anchor !== null ? [Math.min(state.anchor, index), Math.max(state.anchor, index)] : [index, index];
    for (const c of contacts.slice(from, to + 1)) {
      if (checked) ids.add(c.id);
      else ids.delete(c.id);
    }
    setState({ scope, ids, allMatching: false, anchor: index });
  }

  return {
    ids: state.allMatching ? new Set(contacts.map((c) => c.id)) : state.ids,
    allMatching: state.allMatching,
    isSelected: (id) => state.allMatching || state.ids.has(id),
    toggle,
    setLoaded: (checked) => setState({ scope, ids: new Set(checked ? contacts.map((c) => c.id) : []), allMatching: false, anchor: null }),
    selectAllMatching: () => setState({ scope, ids: new Set(), allMatching: true, anchor: null }),
    clear: () => setState(empty),
  };
}
