// The files bench/import.ts and bench/import-floor.ts import: a Google-layout CSV whose rows 1% repeat an
// earlier row's phone, and vCard 3.0 cards of a phone's usual properties.

const FIRST = ["Ava", "Liam", "Noah", "Mia", "Zoë", "Søren", "Ngozi", "Hiroshi", "Priya", "Mateo", "Aisha", "Lars"];
const LAST = ["Okafor", "Tanaka", "Müller", "Dubois", "Rossi", "Kowalski", "Novak", "Haddad", "Lindqvist", "O'Brien"];
const GOOGLE = [
  "First Name",
  "Middle Name",
  "Last Name",
  "Notes",
  "E-mail 1 - Label",
  "E-mail 1 - Value",
  "Phone 1 - Label",
  "Phone 1 - Value",
  "Phone 2 - Label",
  "Phone 2 - Value",
  "Address 1 - Street",
  "Address 1 - City",
  "Address 1 - Region",
  "Address 1 - Postal Code",
  "Organization Name",
];

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const mobile = (i: number) => `+44 7700 ${String(100_000 + i).padStart(6, "0")}`;

export function googleCsv(rows: number): string {
  const lines = [GOOGLE.join(",")];
  for (let i = 0; i < rows; i++) {
    const at = i % 100 === 99 ? i - 50 : i; // 1% repeat an earlier row's phone: merged, not created
    const first = FIRST[at % FIRST.length]!;
    const last = `${LAST[at % LAST.length]} ${at}`;
    lines.push(
      [
        first,
        "",
        last,
        `Imported row ${i}, from the "bench"`,
        "* Home",
        `${first.toLowerCase()}.${at}@example.com`,
        "Mobile",
        mobile(at),
        "Work",
        `+44 20 7946 ${String(at % 10000).padStart(4, "0")}`,
        `${at} High Street`,
        "London",
        "Greater London",
        "SW1A 1AA",
        "Acme Ltd",
      ]
        .map(quote)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

export function vcards(bytes: number): { text: string; cards: number } {
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    const first = FIRST[i % FIRST.length]!;
    const last = `${LAST[i % LAST.length]} V${i}`;
    const card = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      `N:${last};${first};;;`,
      `FN:${first} ${last}`,
      "ORG:Acme Ltd;Sales",
      `TEL;TYPE=CELL:+49 151 ${String(10_000_000 + i).padStart(8, "0")}`,
      `TEL;TYPE=WORK,VOICE:+49 30 ${String(1_000_000 + i).padStart(7, "0")}`,
      `EMAIL;TYPE=INTERNET:${first.toLowerCase()}.v${i}@example.com`,
      `ADR;TYPE=WORK:;;${i} Unter den Linden;Berlin;Berlin;10117;Germany`,
      `NOTE:Card ${i}\\, imported by the benchmark`,
      "END:VCARD",
      "",
    ].join("\r\n");
    parts.push(card);
    size += Buffer.byteLength(card);
    i++;
  }
  return { text: parts.join(""), cards: i };
}
