import type { ContactExtra } from "@shared/contact-fields";
import { extraLabel } from "../lib/contact-extras";

/**
 * The lines a phone or computer sent with the card that the app has no field for (a third phone, a
 * birthday...), read-only and as plain text, so nothing kept with a contact is hidden from its screen.
 */
export function ContactExtras({ extras }: { extras: ContactExtra[] }) {
  if (extras.length === 0) return null;
  return (
    <section aria-labelledby="contact-extras-heading" className="flex flex-col gap-2 border-t px-4 pt-4 pb-6 text-sm">
      <h3 id="contact-extras-heading" className="font-medium">
        Other details from the device
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {extras.map((extra, i) => (
          <div key={i} className="contents">
            <dt className="text-muted-foreground">{extraLabel(extra)}</dt>
            <dd className="min-w-0 break-words whitespace-pre-line">{extra.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
