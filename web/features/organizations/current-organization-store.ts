/** The current organization lives in localStorage (spec: keys currentOrgId / currentOrgName) so it
 * survives reloads and is shared by tabs; screens listen for the `organization-changed` window event. */

export const ORGANIZATION_CHANGED_EVENT = "organization-changed";
const ORG_ID_KEY = "currentOrgId";
const ORG_NAME_KEY = "currentOrgName";

export interface OrganizationChangedDetail {
  id: string;
  name: string;
}

export function readStoredOrganizationId(): string | null {
  try {
    return localStorage.getItem(ORG_ID_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); behave as if nothing was chosen.
    return null;
  }
}

export function storeCurrentOrganization(organization: OrganizationChangedDetail): void {
  try {
    localStorage.setItem(ORG_ID_KEY, organization.id);
    localStorage.setItem(ORG_NAME_KEY, organization.name);
  } catch {
    // Still announce the change: this tab can work from memory even without storage.
  }
  window.dispatchEvent(new CustomEvent<OrganizationChangedDetail>(ORGANIZATION_CHANGED_EVENT, { detail: organization }));
}

/** Keeps the stored name in step with renames without announcing a switch. */
export function syncStoredOrganizationName(name: string): void {
  try {
    if (localStorage.getItem(ORG_NAME_KEY) !== name) localStorage.setItem(ORG_NAME_KEY, name);
  } catch {
    // Nothing to keep in step with.
  }
}

export function subscribeToOrganizationChanges(onChange: () => void): () => void {
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ORG_ID_KEY) onChange();
  };
  window.addEventListener(ORGANIZATION_CHANGED_EVENT, onChange);
  window.addEventListener("storage", handleStorage);
  return () => {
    window.removeEventListener(ORGANIZATION_CHANGED_EVENT, onChange);
    window.removeEventListener("storage", handleStorage);
  };
}
