import type { PhoneType } from "@shared/contact-fields";

/** Readable names for the device phone types (spec section 3). */
export const PHONE_TYPE_LABELS: Record<PhoneType, string> = {
  mobile: "Mobile",
  home: "Home",
  work: "Work",
  other: "Other",
  custom: "Custom",
  fax_work: "Work fax",
  fax_home: "Home fax",
  pager: "Pager",
  callback: "Callback",
  car: "Car",
  company_main: "Company main",
  isdn: "ISDN",
  main: "Main",
  other_fax: "Other fax",
  radio: "Radio",
  telex: "Telex",
  tty_tdd: "TTY/TDD",
  work_mobile: "Work mobile",
  work_pager: "Work pager",
  assistant: "Assistant",
  mms: "MMS",
};
