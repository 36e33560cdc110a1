import { emptyContactData } from "../../shared/contact-model/data-schema.js";
import type { ContactData } from "../../shared/contact-model/types.js";

// One rich contact for the tests that carry a contact through a format and back (vCard, CSV, export and
// import): every field of the table, several entries of each list, labels of every kind, punctuation
// each format must escape.

/** A work address as every format writes it: the tests that read one back compare with this. */
export const OXFORD_WORK_ADDRESS: ContactData["addresses"][number] = {
  street: "South Parks Road",
  extended: null,
  city: "Oxford",
  region: null,
  postal_code: "OX1 3QR",
  country: "United Kingdom",
  type: "work",
  label: null,
};

/** Every field of the table, several entries of each list, labels of every kind. */
export const RICH_CONTACT: ContactData = {
  ...emptyContactData(),
  kind: "company",
  name_prefix: "Dr.",
  first_name: "Zoë",
  middle_name: "Ann",
  last_name: "O'Brien; Jr.",
  name_suffix: "PhD",
  phonetic_first_name: "Zo-ee",
  phonetic_last_name: "Oh-bry-en",
  nickname: "Zo",
  company: "Acme, Inc.",
  department: "R&D; Lab 2",
  job_title: "Chief, Widgets",
  notes: "Line one\nLine two; with, punctuation \\ and a backslash",
  phones: [
    { value: "+1 555 0100", type: "work_mobile", label: null },
    { value: "(555) 555-0123", type: "fax_home", label: null },
    { value: "555 0199", type: "custom", label: "Gate" },
  ],
  emails: [
    { value: "zoe@example.com", type: "work", label: null },
    { value: "zo@home.example", type: "other", label: null },
  ],
  addresses: [
    OXFORD_WORK_ADDRESS,
    {
      street: "12 Main St, Apt 4\nBack door",
      extended: "Suite 5",
      city: "Springfield",
      region: "IL",
      postal_code: "62701",
      country: "USA",
      type: "home",
      label: "Summer house",
    },
  ],
  urls: [
    { value: "https://acme.example/zoe?a=1,2;b", type: "work", label: null },
    { value: "https://blog.example", type: "blog", label: null },
  ],
  dates: [
    { value: "--04-15", type: "birthday", label: null },
    { value: "2011-01-13", type: "anniversary", label: null },
    { value: "2020-02-29", type: "custom", label: "Moved in" },
    { value: "--12-24", type: "other", label: null },
  ],
  custom_fields: [
    { value: "1234#", type: "custom", label: "Gate code" },
    { value: "Jenny, on Mondays", type: "custom", label: "Assistant" },
    { value: "no label", type: "custom", label: null },
  ],
};
