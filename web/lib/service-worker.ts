import { toast } from "@/lib/toast";
import { registerSW } from "virtual:pwa-register";

/**
 * Registers the generated service worker (production builds only). When a deploy brings a new one,
 * it waits until the person chooses: 'New version available' with a Reload action.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      toast("New version available", {
        duration: Number.POSITIVE_INFINITY,
        action: { label: "Reload", onClick: () => void update(true) },
      });
    },
    onRegisterError(error: unknown) {
      console.warn("Service worker registration failed", error);
    },
  });
}
