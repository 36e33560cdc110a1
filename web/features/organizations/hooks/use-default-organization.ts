import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { useMeQuery } from "@/features/auth/api";
import { storeCurrentOrganization } from "../current-organization-store";

/**
 * Spec section 4: a signed-in user who belongs to no organization gets one named 'My Organization'.
 * The server creates it (once, whatever the number of tabs) and says so; this makes it current and
 * tells the person.
 */
export function useDefaultOrganization() {
  const me = useMeQuery();
  const created = me.data?.defaultOrganizationCreated ? me.data.organizations[0] : undefined;
  const createdId = created?.id;
  const createdName = created?.name;
  useEffect(() => {
    if (!createdId || createdName === undefined) return;
    storeCurrentOrganization({ id: createdId, name: createdName });
    toast.success("Default organization created successfully!", { id: "default-organization" });
  }, [createdId, createdName]);
}
