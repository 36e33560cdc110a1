import { useEffect } from "react";

/**
 * Gives focus back, when the calling dialog goes away, to the control that had it when the dialog
 * appeared (the button that opened it). Radix does this for dialogs opened by their own trigger; ours
 * are opened from rows, cards and menus and unmount on close.
 */
export function useReturnFocus(): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // After Radix's own focus handling on unmount, and only if the opener is still on the page.
      setTimeout(() => {
        if (opener?.isConnected && (document.activeElement === document.body || document.activeElement === null)) opener.focus();
      }, 0);
    };
  }, []);
}
