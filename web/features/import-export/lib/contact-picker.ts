import type { NativeContact } from "../api";

/** The Contact Picker API (Chrome on Android); not in TypeScript's DOM types yet. */
type ContactProperty = "name" | "tel" | "email" | "address" | "icon";
interface ContactsManager {
  select(properties: ContactProperty[], options?: { multiple?: boolean }): Promise<Partial<Record<ContactProperty, unknown[]>>[]>;
  getProperties?(): Promise<ContactProperty[]>;
}

export const NOT_NATIVE = "Native contact import is only available on mobile devices";
export const PERMISSION_REQUIRED = "Contact permission is required to import contacts";
export const NO_CONTACTS = "No contacts found on device";
export const DEVICE_FAILED = "Failed to import contacts from device";

const WANTED: ContactProperty[] = ["name", "tel", "email"];

function contactsManager(): ContactsManager | null {
  const manager = (navigator as Navigator & { contacts?: Partial<ContactsManager> }).contacts;
  return manager && typeof manager.select === "function" ? (manager as ContactsManager) : null;
}

/** Whether this device lets the page pick contacts from the phone's address book. */
export const hasContactPicker = () => contactsManager() !== null;

/** A failure the screen shows with the spec's words. */
export class PickerError extends Error {}

// The server's limits per contact (shared/import-schemas.ts): extra names and numbers are cut, never sent.
const texts = (values: unknown[] | undefined, count: number, length: number) =>
  values
    ?.filter((v): v is string => typeof v === "string")
    .slice(0, count)
    .map((v) => v.slice(0, length));

/** Opens the phone's contact picker (several contacts) and answers the picked ones in the shape the server takes. */
export async function pickContacts(): Promise<NativeContact[]> {
  const manager = contactsManager();
  if (!manager) throw new PickerError(NOT_NATIVE);
  let picked: Awaited<ReturnType<ContactsManager["select"]>>;
  try {
    // Asking for a property the device does not offer throws: ask only for those it supports.
    const offered = (await manager.getProperties?.()) ?? WANTED;
    picked = await manager.select(
      WANTED.filter((p) => offered.includes(p)),
      { multiple: true },
    );
  } catch (error) {
    const denied = error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");
    throw new PickerError(denied ? PERMISSION_REQUIRED : DEVICE_FAILED, { cause: error });
  }
  if (!Array.isArray(picked) || picked.length === 0) throw new PickerError(NO_CONTACTS);
  return picked.map((contact) => {
    const result: NativeContact = {};
    const name = texts(contact.name, 10, 300);
    const tel = texts(contact.tel, 20, 100);
    const email = texts(contact.email, 20, 300);
    if (name) result.name = name;
    if (tel) result.tel = tel;
    if (email) result.email = email;
    return result;
  });
}
