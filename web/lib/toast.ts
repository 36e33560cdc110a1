import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner["toast"]>[0];
type Kind = "default" | "success" | "info" | "warning" | "error" | "loading";

/**
 * Toasts, with sonner loaded after the page shows rather than before (it is a tenth of what the sign-in
 * page would otherwise download): main.tsx mounts the toaster (components/toaster-host.tsx) from its own
 * chunk at start. A toast asked for before it is on screen waits for it, under the id it is answered
 * with, so dismissing or replacing it by id works either way.
 */
let sonner: Sonner | undefined;
const waiting: ((s: Sonner) => void)[] = [];
let serial = 0;

/** Called once the toaster is mounted (it subscribes to sonner's state on mount): queued toasts show. */
export function toasterReady(module: Sonner) {
  sonner = module;
  for (const run of waiting.splice(0)) run(module);
}

function whenReady(run: (s: Sonner) => void) {
  if (sonner) run(sonner);
  else waiting.push(run);
}

function show(kind: Kind, message: Message, data?: ExternalToast): string | number {
  const id = data?.id ?? `toast-${++serial}`;
  whenReady((s) => (kind === "default" ? s.toast(message, { ...data, id }) : s.toast[kind](message, { ...data, id })));
  return id;
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show("default", message, data), {
  success: (message: Message, data?: ExternalToast) => show("success", message, data),
  info: (message: Message, data?: ExternalToast) => show("info", message, data),
  warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
  error: (message: Message, data?: ExternalToast) => show("error", message, data),
  loading: (message: Message, data?: ExternalToast) => show("loading", message, data),
  dismiss: (id?: string | number) => whenReady((s) => s.toast.dismiss(id)),
});
