/** Window event fired after a contact comes back from the trash; contact lists refresh on it (spec section 3). */
export const CONTACT_RESTORED_EVENT = "contact-restored";

export interface ContactRestoredDetail {
  id: string;
  organizationId: string;
}

export function announceContactRestored(detail: ContactRestoredDetail): void {
  window.dispatchEvent(new CustomEvent<ContactRestoredDetail>(CONTACT_RESTORED_EVENT, { detail }));
}
