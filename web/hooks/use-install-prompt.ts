import { useEffect, useState } from "react";

/** Chromium's non-standard install event (not in lib.dom). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

/** Holds the browser's deferred install offer, if any, so the UI can present it at a better moment. */
export function useInstallPrompt() {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const handleBeforeInstall = (event: Event) => {
      // Suppress the browser's own mini-infobar; our card offers the same choice.
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const handleInstalled = () => setDeferred(null);
    window.addEventListener("beforeinstallprompt", handleBeforeInstall);
    window.addEventListener("appinstalled", handleInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", handleBeforeInstall);
      window.removeEventListener("appinstalled", handleInstalled);
    };
  }, []);

  async function install() {
    if (!deferred) return;
    // The event can be used once; drop it whatever the user answers.
    setDeferred(null);
    await deferred.prompt();
    await deferred.userChoice;
  }

  return { canInstall: deferred !== null, install, dismiss: () => setDeferred(null) };
}
