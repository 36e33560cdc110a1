// Spec section 4: "A form-state registry tracks forms with unsaved data." While any form is dirty the
// browser asks before unloading the page, and background refreshes are skipped so they cannot
// overwrite what the user is typing.

const dirtyForms = new Set<string>();

function handleBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = "";
}

export function setFormDirty(formId: string, dirty: boolean): void {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.add(formId);
  else dirtyForms.delete(formId);
  if (before === 0 && dirtyForms.size > 0) window.addEventListener("beforeunload", handleBeforeUnload);
  if (before > 0 && dirtyForms.size === 0) window.removeEventListener("beforeunload", handleBeforeUnload);
}

export function hasUnsavedForms(): boolean {
  return dirtyForms.size > 0;
}
