import { Table, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from "@/components/ui/table";
import type { ImportPreview } from "../api";

type PreviewContact = ImportPreview["contacts"][number];
type Stored = NonNullable<PreviewContact["data"]>;

const nameOf = (c: Stored) =>
  [c.name_prefix, c.first_name, c.middle_name, c.last_name, c.name_suffix].filter(Boolean).join(" ") || c.company || "";

const addressLine = (a: Stored["addresses"][number]) =>
  [a.street, a.extended, a.city, a.region, a.postal_code, a.country].filter(Boolean).join(", ").replace(/\n/g, ", ");

/** Values of one list, one a line. */
function Lines({ values }: { values: (string | null | undefined)[] }) {
  return (
    <ul className="flex flex-col">
      {values.filter(Boolean).map((v, i) => (
        <li key={i} className="break-words">
          {v}
        </li>
      ))}
    </ul>
  );
}

/** What the row also keeps, and what it leaves out: 'Birthday 1815-12-10', '2 more fields', 'Left out: Team'. */
function more(contact: PreviewContact): (string | null | undefined)[] {
  const c = contact.data;
  const notes: (string | null | undefined)[] = [];
  if (c) {
    const singles = [c.company && c.company !== nameOf(c) ? c.company : null, c.job_title, c.department, c.nickname].filter(Boolean);
    if (singles.length) notes.push(singles.join(", "));
    for (const d of c.dates)
      notes.push(`${d.type === "custom" ? (d.label ?? "Date") : d.type.charAt(0).toUpperCase() + d.type.slice(1)} ${d.value}`);
    notes.push(...c.urls.map((u) => u.value));
    notes.push(...c.custom_fields.map((f) => `${f.label ?? "Custom"}: ${f.value}`));
  }
  notes.push(...contact.warnings);
  if (contact.leftOut.length) notes.push(`Left out: ${contact.leftOut.map((l) => l.source).join(", ")}`);
  return notes;
}

/** The first rows as the contacts they will be stored as (every phone, e-mail and address), or why a row will not be imported. */
export function StoredContactsTable({ contacts }: { contacts: PreviewContact[] }) {
  return (
    <Table caption="First contacts as they will be saved" className="max-h-[28rem] overflow-y-auto">
      <TableHeader>
        <TableHead>Row</TableHead>
        <TableHead>Name</TableHead>
        <TableHead>Phones</TableHead>
        <TableHead className="max-sm:hidden">E-mails</TableHead>
        <TableHead className="max-md:hidden">Addresses</TableHead>
        <TableHead className="max-md:hidden">Also</TableHead>
      </TableHeader>
      <tbody>
        {contacts.map((contact) => (
          <TableRow key={contact.row}>
            <TableRowHeader className="whitespace-nowrap">{contact.row}</TableRowHeader>
            {contact.data ? (
              <>
                <TableCell className="max-w-40 break-words">{nameOf(contact.data)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <Lines values={contact.data.phones.map((p) => p.value)} />
                </TableCell>
                <TableCell className="max-w-48 max-sm:hidden">
                  <Lines values={contact.data.emails.map((e) => e.value)} />
                </TableCell>
                <TableCell className="max-w-56 max-md:hidden">
                  <Lines values={contact.data.addresses.map(addressLine)} />
                </TableCell>
                <TableCell className="max-w-56 text-muted-foreground max-md:hidden">
                  <Lines values={more(contact)} />
                </TableCell>
              </>
            ) : (
              <TableCell colSpan={5} className="text-destructive">
                Not imported: {contact.error}
              </TableCell>
            )}
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
