import { useEffect, useId } from "react";
import { setFormDirty } from "@/lib/form-state-registry";

/** Registers the form as holding unsaved data while `dirty` (and never after it unmounts). */
export function useUnsavedForm(dirty: boolean): void {
  const formId = useId();
  useEffect(() => {
    setFormDirty(formId, dirty);
    return () => setFormDirty(formId, false);
  }, [formId, dirty]);
}
