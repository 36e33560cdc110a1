import { type ComponentProps, Suspense, lazy } from "react";

// Loaded when opened, as /contacts loads it: api.ts re-exports this wrapper, and a static import here would put
// the dialog in a cycle with api.ts and in every chunk that reads the contacts API.
const DuplicateContactsDialog = lazy(() => import("./duplicate-contacts-dialog").then((m) => ({ default: m.DuplicateContactsDialog })));

export function LazyDuplicateContactsDialog(props: ComponentProps<typeof DuplicateContactsDialog>) {
  return (
    <Suspense fallback={null}>
      <DuplicateContactsDialog {...props} />
    </Suspense>
  );
}
