import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { DEFAULT_ORGANIZATION_NAME } from "@shared/constants";
import { useMeQuery } from "@/features/auth/api";
import { useOrganizationCreateMutation } from "../api";
import { storeCurrentOrganization } from "../current-organization-store";

/**
 * Spec section 4: a signed-in user who belongs to no organization (say, removed from their only one)
 * gets one named 'My Organization', owned by them. Tried once per page load; if it fails, the
 * selection modal offers to create one by hand.
 */
export function useDefaultOrganization() {
  const me = useMeQuery();
  const create = useOrganizationCreateMutation();
  const tried = useRef(false);
  const none = me.isSuccess && me.data !== null && me.data.organizations.length === 0;

  useEffect(() => {
    if (!none || tried.current) return;
    tried.current = true;
    create.mutate(DEFAULT_ORGANIZATION_NAME, {
      onSuccess: (organization) => {
        storeCurrentOrganization({ id: organization.id, name: organization.name });
        toast.success("Default organization created successfully!");
      },
      onError: (error) => toast.error(`Failed to create organization: ${error.message}`),
    });
  }, [none, create]);
}
