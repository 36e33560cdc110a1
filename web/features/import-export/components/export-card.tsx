import { Download, ShieldAlert } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import type { ContactFilter } from "@shared/contact-fields";
import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, type ExportFormat } from "@shared/export";
import { roleAllows } from "@shared/permissions";
import { matrixRole } from "@shared/policy/can";
import { isApiError } from "@/api";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { useGroupsQuery } from "@/features/groups/api";
import { useCurrentOrganization } from "@/features/organizations/api";
import { type ExportChoice, exportHref, fetchExportSummary } from "../export-api";
import { NoOrganizationAlert } from "@/components/no-organization-alert";

/** The full CSV first: it is the default choice. */
const FORMAT_ORDER: readonly ExportFormat[] = ["csv-full", ...EXPORT_FORMATS.filter((f) => f !== "csv-full")];

const DENIED = "Access denied: Admin privileges required for data export";

type ScopeKind = "all" | "search" | "group";

export interface ExportCardProps {
  /** The contact list's search and filter, when the card sits beside it: offered as a scope. */
  listScope?: { q: string; filter: ContactFilter } | undefined;
  /** A group chosen beforehand (from the group's menu). */
  initialGroup?: string | undefined;
}

const FILTER_WORDS: Record<ContactFilter, string> = {
  all: "all contacts",
  favorites: "favourites",
  recent: "recently viewed",
  birthdays: "birthdays this month",
};

/**
 * Spec section 2's Export card: admins and the owner pick a format and what to export; the browser then
 * downloads the file itself (a plain link to the streaming URL), so no book is held in the page.
 */
export function ExportCard({ listScope, initialGroup }: ExportCardProps) {
  const { current } = useCurrentOrganization();
  if (!current) {
    return <NoOrganizationAlert />;
  }
  if (!roleAllows(matrixRole(current), "contacts.export")) {
    return (
      <Alert role="status">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Access Restricted</AlertTitle>
        <AlertDescription>
          Contact data export is limited to administrators only. Ask an administrator of this organization if you need a copy of the
          contacts.
        </AlertDescription>
      </Alert>
    );
  }
  return <ExportForm key={current.id} orgId={current.id} listScope={listScope} initialGroup={initialGroup} />;
}

function ExportForm({ orgId, listScope, initialGroup }: ExportCardProps & { orgId: string }) {
  const ids = useId();
  const hasListScope = Boolean(listScope && (listScope.q || listScope.filter !== "all"));
  // The full CSV (every field) unless the person asks for the spec's five columns or vCard.
  const [format, setFormat] = useState<ExportFormat>("csv-full");
  // Until a scope is picked, the card follows the list: its search and filter when it has any.
  const [scopeChoice, setScope] = useState<ScopeKind | null>(initialGroup ? "group" : null);
  const wanted = scopeChoice ?? (hasListScope ? "search" : "all");
  const scope: ScopeKind = wanted === "search" && !hasListScope ? "all" : wanted;
  const [group, setGroup] = useState(initialGroup ?? "");
  const [busy, setBusy] = useState(false);
  const groups = useGroupsQuery(orgId);
  const groupOptions = (groups.data?.pages ?? []).flatMap((page) => page.items).map((g) => ({ value: g.id, label: g.name }));

  const scopes: { value: ScopeKind; label: string }[] = [
    { value: "all", label: "The whole contact book" },
    ...(hasListScope
      ? [
          {
            value: "search" as const,
            label: `The current list: ${[listScope!.q && `search “${listScope!.q}”`, listScope!.filter !== "all" && FILTER_WORDS[listScope!.filter]].filter(Boolean).join(", ")}`,
          },
        ]
      : []),
    { value: "group", label: "One group" },
  ];

  const choice = (): ExportChoice => ({
    format,
    ...(scope === "search" && listScope ? { q: listScope.q, filter: listScope.filter } : {}),
    ...(scope === "group" ? { group } : {}),
  });

  async function handleExport() {
    if (scope === "group" && !group) {
      toast.error("Choose a group to export");
      return;
    }
    setBusy(true);
    const toastId = toast.loading("Preparing contacts for export...");
    try {
      const summary = await fetchExportSummary(orgId, choice());
      if (summary.count === 0) {
        toast.info("No contacts to export", { id: toastId });
        return;
      }
      // A link the browser follows: it streams the file to disk and shows its own progress.
      const link = document.createElement("a");
      link.href = exportHref(orgId, choice());
      link.download = summary.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      toast.success(`Successfully exported ${summary.count.toLocaleString()} contacts`, { id: toastId });
    } catch (error) {
      toast.error(isApiError(error) && error.status === 403 ? DENIED : "Export failed", { id: toastId });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download aria-hidden="true" className="size-5" />
          Export Contacts
        </CardTitle>
        <CardDescription>Download the contacts as a file. Large books stream straight to your downloads.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Format</legend>
          {FORMAT_ORDER.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${ids}-format`}
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
                className="mt-0.5 size-4 accent-primary"
              />
              {EXPORT_FORMAT_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Contacts</legend>
          {scopes.map(({ value, label }) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${ids}-scope`}
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
                className="mt-0.5 size-4 accent-primary"
              />
              {label}
            </label>
          ))}
          {scope === "group" && (
            <div className="flex flex-col gap-1 pl-6">
              <label htmlFor={`${ids}-group`} className="text-sm">
                Group
              </label>
              <NativeSelect
                id={`${ids}-group`}
                value={group}
                onChange={(event) => setGroup(event.target.value)}
                options={[{ value: "", label: groups.isPending ? "Loading groups..." : "Choose a group" }, ...groupOptions]}
              />
            </div>
          )}
        </fieldset>
        <Button onClick={() => void handleExport()} disabled={busy} className="self-start">
          <Download aria-hidden="true" />
          {busy ? "Preparing..." : "Export"}
        </Button>
      </CardContent>
    </Card>
  );
}
