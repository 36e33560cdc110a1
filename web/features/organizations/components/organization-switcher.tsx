import { Building2, ChevronsUpDown } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import { useCurrentOrganization } from "../hooks/use-current-organization";

export function OrganizationSwitcher({ className }: { className?: string }) {
  const { organizations, current, switchTo } = useCurrentOrganization();

  function handleSelect(id: string) {
    const organization = organizations.find((candidate) => candidate.id === id);
    if (!organization || organization.id === current?.id) return;
    switchTo(organization);
    toast.success(`Switched to ${organization.name}`);
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className={cn("max-w-[9rem] justify-between sm:max-w-[14rem]", className)}>
          <Building2 aria-hidden="true" className="text-muted-foreground" />
          <span className="sr-only">Current organization: </span>
          <span className="truncate">{current?.name ?? "No organization"}</span>
          <ChevronsUpDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
