import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useMeQuery } from "@/features/auth/api";
import { useRememberedChoice } from "@/hooks/use-remembered-choice";

const SEEN = ["seen"] as const;

/**
 * For owners and admins (the server sends APP_URL to them only): the app was opened by another address
 * than APP_URL, which mailed links use. Shown until dismissed, once per address in this browser.
 */
export function AppAddressNotice() {
  const me = useMeQuery().data;
  const here = window.location.origin;
  const [seen, markSeen] = useRememberedChoice(`app-address:${here}`, me?.user.id, SEEN);
  const appUrl = me?.appUrl;
  if (!appUrl || new URL(appUrl).origin === here || seen) return null;
  return (
    <Alert role="status" className="rounded-none border-x-0 border-t-0 border-amber-300 bg-amber-50 text-amber-950">
      <AlertTitle>Opened by another address</AlertTitle>
      <AlertDescription className="text-amber-950">
        <p>
          APP_URL is {appUrl}, and you opened Contactbook at {here}. Links in e-mails (invitations, password resets) use {appUrl}.
        </p>
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => markSeen("seen")}>
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
