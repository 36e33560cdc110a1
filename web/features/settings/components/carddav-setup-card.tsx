import type { ReactNode } from "react";
import { can } from "@shared/policy/can";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMeQuery } from "@/features/auth/api";

/** Where a device finds the CardDAV server, and the steps on each kind of device (ADR 013). */
export function CardDavSetupCard() {
  const me = useMeQuery();
  const server = window.location.origin;
  const host = window.location.host;
  const email = me.data?.user.email ?? "your e-mail address";
  // Books the person may not sync (staff, where the organization has not allowed it) are not offered to devices.
  const closed = (me.data?.organizations ?? []).flatMap((o) => {
    const actor = { userId: me.data!.user.id, organizationId: o.id, role: o.role, isOwner: o.isOwner };
    const decision = can(actor, "contacts.sync", { staffCardDav: o.staffCardDav });
    return decision.allowed ? [] : [{ name: o.name, message: decision.message }];
  });
  const detail = (label: string, value: string) => (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono break-all">{value}</dd>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sync with your phone or computer</CardTitle>
        <CardDescription>
          Each organization you belong to appears as an address book. Changes made on a device come back to everyone here, and the other way
          round.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {closed.map(({ name, message }) => (
          <Alert key={name} role="status">
            <AlertDescription>
              {name} is not offered to your devices. {message}
            </AlertDescription>
          </Alert>
        ))}
        <dl aria-label="CardDAV account" className="flex flex-col gap-1">
          {detail("Server address", server)}
          {detail("User name", email)}
          {detail("Password", "an app password created above")}
        </dl>
        <div className="flex flex-col divide-y rounded-md border">
          <Steps title="iPhone and iPad">
            <li>Open Settings, then Apps, Contacts, Contacts Accounts (on older iOS: Contacts, Accounts).</li>
            <li>Tap Add Account, Other, Add CardDAV Account.</li>
            <li>
              Server: <span className="font-mono">{host}</span>; User Name: your e-mail; Password: the app password. Tap Next.
            </li>
          </Steps>
          <Steps title="Mac">
            <li>Open Contacts, then Contacts, Settings (or Preferences), Accounts.</li>
            <li>Click +, choose Other Contacts Account, then CardDAV and the account type Manual.</li>
            <li>
              Enter your e-mail, the app password and the server address <span className="font-mono">{server}</span>, then Sign In.
            </li>
          </Steps>
          <Steps title="Android (DAVx⁵)">
            <li>Install DAVx⁵ from Google Play or F-Droid and open it.</li>
            <li>Tap +, then Login with URL and user name.</li>
            <li>
              Base URL: <span className="font-mono">{server}</span>; your e-mail; the app password. Tap Login, then tick the address books
              to sync.
            </li>
          </Steps>
          <Steps title="Thunderbird">
            <li>Open the Address Book, then New Address Book, Add CardDAV Address Book.</li>
            <li>
              User name: your e-mail; location: <span className="font-mono">{server}</span>. Click Continue and enter the app password.
            </li>
            <li>Choose the address books to add.</li>
          </Steps>
        </div>
      </CardContent>
    </Card>
  );
}

function Steps({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group px-3 py-2">
      <summary className="cursor-pointer font-medium">{title}</summary>
      <ol className="mt-2 flex list-decimal flex-col gap-1 pl-5 text-muted-foreground">{children}</ol>
    </details>
  );
}
