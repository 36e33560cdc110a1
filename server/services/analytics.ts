import type { AuditEntryView, UsageReport } from "../../shared/export.js";
import type { AuditQuery } from "../../shared/export-schemas.js";
import { startOfNextDay } from "../../shared/calendar.js";
import { userDisplayName } from "../../shared/user-display.js";
import type { AppDeps } from "../deps.js";
import { toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import type { AuditRow } from "../db/repositories/audit-logs.js";
import { type OrgActor, authorize } from "../policies/authorize.js";

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The months from..to inclusive, as YYYY-MM. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  for (let period = from; period <= to && months.length < 240;) {
    months.push(period);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    period = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
  }
  return months;
}

/** Usage of one organization per month (imports, exports, searches), in total and per person. */
export async function getUsage(
  deps: AppDeps,
  actor: OrgActor,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<UsageReport> {
  authorize(actor, "usage.view");
  const now = new Date();
  const to = range.to ?? monthOf(now);
  const from = range.from ?? monthOf(new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12, 1)));
  // Searches are tallied in memory for a few seconds; what this process holds is written first.
  await deps.searchUsage.flush();
  const rows = await deps.repos.usage.range(actor.organizationId, from, to);
  const totals = new Map(monthsBetween(from, to).map((period) => [period, { period, imports: 0, exports: 0, searches: 0 }]));
  const people: UsageReport["people"] = [];
  for (const row of rows) {
    const counts = { imports: Number(row.imports), exports: Number(row.exports), searches: Number(row.searches) };
    const month = totals.get(row.period);
    if (month) {
      month.imports += counts.imports;
      month.exports += counts.exports;
      month.searches += counts.searches;
    }
    people.push({
      period: row.period,
      userId: row.user_id,
      name: row.email ? userDisplayName(row.name, row.email) : "Deleted account",
      email: row.email,
      ...counts,
    });
  }
  return { from, to, months: [...totals.values()], people };
}

function parseData(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const presentAudit = (row: AuditRow): AuditEntryView => ({
  id: row.id,
  operation: row.operation,
  tableName: row.table_name,
  recordId: row.record_id,
  user: row.user_id
    ? { id: row.user_id, name: row.email ? userDisplayName(row.name, row.email) : "Deleted account", email: row.email }
    : null,
  apiToken: row.api_token_id ? { id: row.api_token_id, name: row.api_token_name ?? "" } : null,
  oldData: parseData(row.old_data),
  newData: parseData(row.new_data),
  createdAt: toIso(row.created_at)!,
});

/** One page of the organization's audit log, newest first, filtered by action, person and dates (UTC days). */
export async function listAudit(deps: AppDeps, actor: OrgActor, query: AuditQuery) {
  authorize(actor, "audit.view");
  const after = query.cursor ? (decodeKeyset(query.cursor, ["date", "string"]) as [string, string]) : undefined;
  const rows = await deps.repos.audit.page(
    actor.organizationId,
    {
      operation: query.action,
      userId: query.user,
      from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
      before: query.to ? startOfNextDay(query.to) : undefined,
    },
    after,
    query.limit + 1,
  );
  return toPage(rows, query.limit, presentAudit, (last) => [toIso(last.created_at)!, last.id]);
}
