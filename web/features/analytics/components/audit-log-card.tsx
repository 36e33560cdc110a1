import { format } from "date-fns";
import { useId, useState } from "react";
import { FIRST_DAY, LAST_DAY } from "@shared/calendar";
import { AUDIT_ACTIONS, type AuditEntryView } from "@shared/export";
import { REQUIRE_PHONE_LABEL, REQUIRE_TWO_FACTOR_LABEL, STAFF_CARDDAV_LABEL } from "@shared/organization-settings";
import { LoadMoreButton } from "@/components/load-more-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type AuditFilters, useAuditQuery } from "../api";
import { useMembersQuery } from "@/features/members/api";

const NO_FILTERS: AuditFilters = { action: "", user: "", from: "", to: "" };

/** What a record says, in a line: the figures and choices kept with it (not its raw JSON). */
function details(entry: AuditEntryView): string {
  const data = entry.newData && typeof entry.newData === "object" ? (entry.newData as Record<string, unknown>) : {};
  const old = entry.oldData && typeof entry.oldData === "object" ? (entry.oldData as Record<string, unknown>) : {};
  const parts: string[] = [];
  if (typeof data.format === "string") parts.push(`format ${data.format}`);
  if (typeof data.scope === "string") {
    const group = data.group as { name?: string } | undefined;
    parts.push(
      data.scope === "group"
        ? `group “${group?.name ?? ""}”`
        : data.scope === "search"
          ? `search “${String(data.q ?? "")}” (${String(data.filter)})`
          : "whole book",
    );
  }
  if (typeof data.count === "number") parts.push(`${data.count.toLocaleString()} contacts`);
  if (typeof data.reason === "string") parts.push(`${String(data.role ?? "")}: ${data.reason}`);
  for (const key of ["imported", "merged", "skipped", "failed", "trashed", "restored"] as const)
    if (typeof data[key] === "number") parts.push(`${key} ${String(data[key])}`);
  if (typeof old.role === "string" && typeof data.role === "string") parts.push(`${old.role} → ${data.role}`);
  if (typeof data.device === "string") {
    const what = [data.newDevice === true && "new device", data.fullSync === true && "first full sync"].filter(Boolean).join(", ");
    parts.push(`device “${data.device}”${what ? `: ${what}` : ""}`);
  }
  if (Array.isArray(data.scopes)) parts.push(`scopes ${data.scopes.join(", ")}`);
  if (typeof data.staffCardDav === "boolean") parts.push(`${STAFF_CARDDAV_LABEL}: ${data.staffCardDav ? "on" : "off"}`);
  if (typeof data.requirePhone === "boolean") parts.push(`${REQUIRE_PHONE_LABEL}: ${data.requirePhone ? "on" : "off"}`);
  if (typeof data.requireTwoFactor === "boolean") parts.push(`${REQUIRE_TWO_FACTOR_LABEL}: ${data.requireTwoFactor ? "on" : "off"}`);
  if (parts.length === 0) {
    for (const [key, value] of Object.entries(data))
      if (typeof value === "string" || typeof value === "number") parts.push(`${key}: ${value}`);
  }
  return parts.join(", ");
}

/** The organization's audit log, newest first, filtered by action, person and dates, a page at a time. */
export function AuditLogCard({ orgId }: { orgId: string }) {
  const ids = useId();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const audit = useAuditQuery(orgId, filters);
  const members = useMembersQuery(orgId);
  const people = (members.data?.pages ?? []).flatMap((page) => page.items).map((m) => ({ value: m.id, label: m.name || m.email }));
  const entries = (audit.data?.pages ?? []).flatMap((page) => page.items);
  const set = (key: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>
          Exports allowed and denied, imports, role changes, removals, account deletions, password resets, settings and new devices syncing
          the book.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 max-sm:px-3">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-action`}>Action</Label>
            <NativeSelect
              id={`${ids}-action`}
              value={filters.action}
              onChange={(e) => set("action")(e.target.value)}
              options={[{ value: "", label: "All actions" }, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))]}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-user`}>Person</Label>
            <NativeSelect
              id={`${ids}-user`}
              value={filters.user}
              onChange={(e) => set("user")(e.target.value)}
              options={[{ value: "", label: "Everyone" }, ...people]}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-from`}>From</Label>
            <Input
              id={`${ids}-from`}
              type="date"
              min={FIRST_DAY}
              max={LAST_DAY}
              value={filters.from}
              onChange={(e) => set("from")(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-to`}>To</Label>
            <Input
              id={`${ids}-to`}
              type="date"
              min={FIRST_DAY}
              max={LAST_DAY}
              value={filters.to}
              onChange={(e) => set("to")(e.target.value)}
            />
          </div>
        </div>
        {audit.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the audit log...</p>
        ) : audit.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {audit.error.message}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No records match these filters.</p>
        ) : (
          <Table caption="Audit log">
            {/* On phones one column: a record's four facts stacked, as four columns would not fit 390 px. */}
            <TableHeader>
              <TableHead>
                <span className="sm:hidden">Record</span>
                <span className="max-sm:hidden">When</span>
              </TableHead>
              <TableHead className="max-sm:hidden">Action</TableHead>
              <TableHead className="max-sm:hidden">Person</TableHead>
              <TableHead className="max-sm:hidden">Details</TableHead>
            </TableHeader>
            <tbody>
              {entries.map((entry) => {
                const action = AUDIT_ACTIONS[entry.operation] ?? entry.operation;
                const by = entry.user?.name ?? "—";
                const person = entry.apiToken ? `API token “${entry.apiToken.name}” (${by})` : by;
                const facts = details(entry);
                return (
                  <TableRow key={entry.id} data-operation={entry.operation}>
                    <TableCell className="sm:whitespace-nowrap">
                      {format(new Date(entry.createdAt), "MMM d, yyyy HH:mm")}
                      <span className="block font-medium sm:hidden">{action}</span>
                      <span className="block sm:hidden">{person}</span>
                      {facts && <span className="block break-words text-muted-foreground sm:hidden">{facts}</span>}
                    </TableCell>
                    <TableCell className="whitespace-nowrap max-sm:hidden">{action}</TableCell>
                    <TableCell className="max-sm:hidden">{person}</TableCell>
                    <TableCell className="text-muted-foreground max-sm:hidden">{facts}</TableCell>
                  </TableRow>
                );
              })}
            </tbody>
          </Table>
        )}
        <LoadMoreButton query={audit} />
      </CardContent>
    </Card>
  );
}
