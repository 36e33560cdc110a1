import { useState } from "react";
import type { Contact } from "../types";

/** The contacts ticked in the Add Members dialog; kept across searches so several searches add up. */
export function useContactSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, Contact>>(new Map());

  function toggle(contact: Contact, checked: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(contact.id, contact);
      else next.delete(contact.id);
      return next;
    });
  }

  return { selected, ids: [...selected.keys()], isSelected: (id: string) => selected.has(id), toggle, clear: () => setSelected(new Map()) };
}
