import { useEffect } from "react";
import * as sonner from "sonner";
import { toasterReady } from "@/lib/toast";

/** The toaster, in a chunk of its own loaded after the page shows (see lib/toast.ts). */
export function ToasterHost() {
  // After Toaster's own effect has subscribed to sonner's state (a child's effects run first).
  useEffect(() => toasterReady(sonner), []);
  return (
    <sonner.Toaster
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      richColors
      closeButton
      containerAriaLabel="Toast messages"
      // Keep phone toasts above the fixed bottom navigation bar.
      mobileOffset={{ bottom: 80 }}
      // A modal dialog turns pointer events off outside it; a toast's Undo must stay clickable over it.
      style={{ pointerEvents: "auto" }}
    />
  );
}
