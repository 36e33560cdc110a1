import { toast } from "@/lib/toast";
import { storeCurrentOrganization } from "../current-organization-store";
import { useOrganizationCreateMutation } from "../api";
import { reloadPageSoon } from "../lib/reload-page";

/**
 * Creates an organization, makes it the current one and reloads (spec section 4). The mutation waits
 * for /api/me to list the new organization first: storing an id the list lacks would make
 * useCurrentOrganization fall back to the first organization.
 */
export function useCreateOrganization() {
  const mutation = useOrganizationCreateMutation();

  function create(name: string, options?: { onSuccess?: () => void }) {
    mutation.mutate(name, {
      onSuccess: (organization) => {
        toast.success("Organization created successfully! Refreshing data...");
        storeCurrentOrganization({ id: organization.id, name: organization.name });
        options?.onSuccess?.();
        reloadPageSoon();
      },
      onError: (error) => toast.error(`Failed to create organization: ${error.message}`),
    });
  }

  return { create, isPending: mutation.isPending };
}
