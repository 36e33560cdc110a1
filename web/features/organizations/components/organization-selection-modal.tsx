import { Building2, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useMeQuery, type MeOrganization } from "@/features/auth/api";
import { useCurrentOrganization } from "../hooks/use-current-organization";
import { useDefaultOrganization } from "../hooks/use-default-organization";
import { LazyCreateOrganizationForm } from "./create-organization-form-lazy";

/** Spec section 2: the modal opens by itself after 1 second when the signed-in user has no current organization. */
const OPEN_DELAY_MS = 1000;

export function OrganizationSelectionModal() {
  const me = useMeQuery();
  const { organizations, current, switchTo } = useCurrentOrganization();
  useDefaultOrganization();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const missing = me.isSuccess && me.data !== null && current === null;

  useEffect(() => {
    if (!missing) return;
    const timer = window.setTimeout(() => setOpen(true), OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [missing]);

  function handleSelect(organization: MeOrganization) {
    switchTo(organization);
    toast.success(`Switched to ${organization.name}`);
    setOpen(false);
  }

  return (
    <Dialog
      open={open && missing}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCreating(false);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{creating ? "Create New Organization" : "Select Organization"}</DialogTitle>
          <DialogDescription>
            {creating ? "You will be the owner of the new organization." : "Choose the organization you want to work in."}
          </DialogDescription>
        </DialogHeader>
        {creating ? (
          <LazyCreateOrganizationForm onCancel={() => setCreating(false)} />
        ) : (
          <div className="flex flex-col gap-4">
            {organizations.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
                No organizations found. Create your first organization to get started.
              </p>
            ) : (
              <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto">
                {organizations.map((organization) => (
                  <li key={organization.id}>
                    <Button variant="outline" className="w-full justify-start" onClick={() => handleSelect(organization)}>
                      <Building2 aria-hidden="true" className="text-muted-foreground" />
                      <span className="truncate">{organization.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create New Organization
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
