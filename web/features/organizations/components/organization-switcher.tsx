import { Building2, ChevronsUpDown, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { roleAllows } from "@shared/permissions";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { MeOrganization } from "@/features/auth/api";
import { cn } from "@/lib/utils";
import { useCurrentOrganization } from "../hooks/use-current-organization";
import { matrixRole } from "@shared/policy/can";
import { CreateOrganizationDialog } from "./create-organization-dialog";
import { DeleteOrganizationDialog } from "./delete-organization-dialog";

export function OrganizationSwitcher({ className }: { className?: string }) {
  const { organizations, current, switchTo } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<MeOrganization | null>(null);
  // Spec section 6: owners may delete an organization, but only while they belong to more than one.
  const canDelete = (organization: MeOrganization) =>
    organizations.length > 1 && roleAllows(matrixRole(organization), "organization.delete");

  const deletable = organizations.filter(canDelete);

  function handleSelect(id: string) {
    const organization = organizations.find((candidate) => candidate.id === id);
    if (!organization || organization.id === current?.id) return;
    switchTo(organization);
    toast.success(`Switched to ${organization.name}`);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className={cn("max-w-[9rem] justify-between sm:max-w-[14rem]", className)}>
            <Building2 aria-hidden="true" className="text-muted-foreground" />
            <span className="sr-only">Current organization: </span>
            <span className="truncate">{current?.name ?? "No organization"}</span>
            <ChevronsUpDown aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel className="text-xs text-muted-foreground">Organizations</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {organizations.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">
              No organizations found. Create your first organization to get started.
            </p>
          ) : (
            <DropdownMenuRadioGroup value={current?.id ?? ""} onValueChange={handleSelect}>
              {organizations.map((organization) => (
                <DropdownMenuRadioItem key={organization.id} value={organization.id}>
                  <span className="truncate">{organization.name}</span>
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create New Organization
          </DropdownMenuItem>
          {/* Delete sits one step away from the list, not beside the row one taps to switch; it still asks. */}
          {deletable.length > 0 && (
            <DropdownMenuSub>
              <DropdownMenuSubTrigger className="text-destructive">
                <Trash2 aria-hidden="true" />
                Delete Organization
              </DropdownMenuSubTrigger>
              <DropdownMenuSubContent className="w-56">
                {deletable.map((organization) => (
                  <DropdownMenuItem
                    key={organization.id}
                    variant="destructive"
                    aria-label={`Delete organization ${organization.name}`}
                    onSelect={() => setToDelete(organization)}
                  >
                    <span className="truncate">{organization.name}</span>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuSubContent>
            </DropdownMenuSub>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      <DeleteOrganizationDialog organization={toDelete} onOpenChange={(open) => !open && setToDelete(null)} />
    </>
  );
}
