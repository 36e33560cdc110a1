import { Copy, Download, LoaderCircle, ShieldCheck } from "lucide-react";
import { type FormEvent, Suspense, lazy, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { isApiError } from "@/api";
import { getErrorMessage as errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useRecoveryCodesMutation, useTwoFactorConfirmMutation, useTwoFactorDisableMutation, useTwoFactorEnableMutation } from "../api";

// The QR encoder is needed only while turning two-factor on: it loads then (fetched as soon as 'Turn on
// two-factor' is pressed), not with the Settings page.
const loadQrCode = () => import("./totp-qr-code");
const TotpQrCode = lazy(() => loadQrCode().then((m) => ({ default: m.TotpQrCode })));

const MISSING_CODE = { on: "code", message: "Enter the 6-digit code from your authenticator app" } as const;
const MISSING_PASSWORD = { on: "password", message: "Password is required" } as const;

/** Each step replaces the form whose button was pressed: focus moves to the new step's first words. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

type Stage =
  | { kind: "idle" }
  | { kind: "password"; purpose: "enable" | "codes" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] }
  | { kind: "disable" };

/** The key as text, in groups of four, for apps that cannot scan (the otpauth URI's `secret`). */
function keyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied");
  } catch {
    toast.error("Could not copy. Select the text and copy it yourself.");
  }
}

function download(codes: string[]) {
  const blob = new Blob([`Contactbook recovery codes\n\n${codes.join("\n")}\n\nEach code works once.\n`], {
    type: "text/plain;charset=utf-8",
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "contactbook-recovery-codes.txt";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the download has taken the blob by then (Firefox loses it if revoked at once).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Settings > Security > Two-Factor Authentication (ADR 022): on with the password, the key for an
 * authenticator app and a first code, then 10 recovery codes shown once; off with password and code.
 */
export function TwoFactorRow({ enabled }: { enabled: boolean }) {
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const enable = useTwoFactorEnableMutation();
  const confirm = useTwoFactorConfirmMutation();
  const disable = useTwoFactorDisableMutation();
  const regenerate = useRecoveryCodesMutation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // Which field a message belongs to: turning off asks for both, and a wrong password is not a wrong code.
  const [error, setError] = useState<{ on: "password" | "code"; message: string }>();

  function go(next: Stage) {
    setPassword("");
    setCode("");
    setError(undefined);
    setStage(next);
  }
  const failed = (failure: unknown) =>
    setError({ on: isApiError(failure) && failure.code === "INVALID_PASSWORD" ? "password" : "code", message: errorMessage(failure) });
  // Turning off has both fields; the other forms have one, which shows any message.
  const passwordError = error?.on === "password" ? error.message : undefined;
  const codeError = error?.on === "code" ? error.message : undefined;

  function submitPassword(event: FormEvent, purpose: "enable" | "codes") {
    event.preventDefault();
    if (!password) return setError(MISSING_PASSWORD);
    if (purpose === "enable") {
      enable.mutate(password, { onSuccess: (answer) => go({ kind: "scan", ...answer }), onError: failed });
    } else {
      regenerate.mutate(password, { onSuccess: (answer) => go({ kind: "codes", backupCodes: answer.backupCodes }), onError: failed });
    }
  }

  function submitCode(event: FormEvent, backupCodes: string[]) {
    event.preventDefault();
    if (!code.trim()) return setError(MISSING_CODE);
    confirm.mutate(code, {
      onSuccess: () => {
        toast.success("Two-factor authentication is on");
        go({ kind: "codes", backupCodes });
      },
      onError: failed,
    });
  }

  function submitDisable(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(MISSING_PASSWORD);
    if (!code.trim()) return setError(MISSING_CODE);
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          toast.success("Two-factor authentication is off");
          go({ kind: "idle" });
        },
        onError: failed,
      },
    );
  }

  const busy = enable.isPending || confirm.isPending || disable.isPending || regenerate.isPending;
  /** A step's submit button (busy while its request runs) beside Cancel. */
  const actions = (label: string, variant?: "destructive") => (
    <div className="flex gap-2">
      <Button type="submit" variant={variant} disabled={busy}>
        {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {label}
      </Button>
      <Button type="button" variant="outline" onClick={() => go({ kind: "idle" })} disabled={busy}>
        Cancel
      </Button>
    </div>
  );

  return (
    <div className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0">
      <div className="flex items-center justify-between gap-4">
        <div className="flex flex-col gap-0.5">
          <h3 className="text-sm font-medium">Two-Factor Authentication</h3>
          <p className="text-sm text-muted-foreground">
            Add an extra layer of security to your account: sign-in also asks for a code from an authenticator app.
          </p>
        </div>
        {enabled ? <Badge>On</Badge> : <Badge variant="secondary">Off</Badge>}
      </div>

      {stage.kind === "idle" &&
        (enabled ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => go({ kind: "password", purpose: "codes" })}>
              New recovery codes
            </Button>
            <Button size="sm" variant="outline" onClick={() => go({ kind: "disable" })}>
              Turn off two-factor
            </Button>
          </div>
        ) : (
          <div>
            <Button
              size="sm"
              onClick={() => {
                loadQrCode().catch(() => undefined);
                go({ kind: "password", purpose: "enable" });
              }}
            >
              <ShieldCheck aria-hidden="true" />
              Turn on two-factor
            </Button>
          </div>
        ))}

      {stage.kind === "password" && (
        <form noValidate onSubmit={(e) => submitPassword(e, stage.purpose)} className="flex flex-col gap-3">
          {stage.purpose === "codes" && (
            <p className="text-sm">New recovery codes replace the ones you have: those stop working. Enter your password to continue.</p>
          )}
          <FormField id="two-factor-password" label="Password" error={error?.message}>
            <PasswordInput autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          {actions("Continue")}
        </form>
      )}

      {stage.kind === "scan" && (
        <form noValidate onSubmit={(e) => submitCode(e, stage.backupCodes)} className="flex flex-col gap-3">
          <p ref={focusOnMount} tabIndex={-1} className="text-sm outline-none">
            Add this account to your authenticator app (Google Authenticator, 1Password, Authy...): scan the QR code, open the link on this
            device, or enter the key by hand.
          </p>
          <Suspense fallback={<div aria-hidden="true" className="size-48 rounded border bg-muted" />}>
            <TotpQrCode totpURI={stage.totpURI} />
          </Suspense>
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">Key</span>
            <code data-testid="two-factor-key" className="rounded bg-muted px-2 py-1 font-mono text-base break-all select-all">
              {keyOf(stage.totpURI)}
            </code>
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" onClick={() => void copy(keyOf(stage.totpURI).replace(/\s/g, ""))}>
                <Copy aria-hidden="true" />
                Copy key
              </Button>
              <Button type="button" size="sm" variant="outline" asChild>
                <a href={stage.totpURI}>Open in authenticator app</a>
              </Button>
            </div>
          </div>
          <FormField id="two-factor-code" label="Code from the app" error={error?.message}>
            <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </FormField>
          {actions("Confirm")}
        </form>
      )}

      {stage.kind === "codes" && (
        <Alert role="status">
          <ShieldCheck aria-hidden="true" />
          <AlertTitle>Recovery codes</AlertTitle>
          <AlertDescription className="flex flex-col gap-2">
            <p ref={focusOnMount} tabIndex={-1} className="outline-none">
              Keep these somewhere safe. Each one signs you in once if you lose your phone. They won't be shown again.
            </p>
            <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
              {stage.backupCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => void copy(stage.backupCodes.join("\n"))}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
              <Button size="sm" variant="outline" onClick={() => download(stage.backupCodes)}>
                <Download aria-hidden="true" />
                Download
              </Button>
              <Button size="sm" onClick={() => go({ kind: "idle" })}>
                Done
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}

      {stage.kind === "disable" && (
        <form noValidate onSubmit={submitDisable} className="flex flex-col gap-3">
          <FormField id="two-factor-off-password" label="Password" error={passwordError}>
            <PasswordInput autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <FormField id="two-factor-off-code" label="Code from the app" error={codeError}>
            <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </FormField>
          {actions("Turn off", "destructive")}
        </form>
      )}
    </div>
  );
}
