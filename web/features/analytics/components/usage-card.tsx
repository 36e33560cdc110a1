import { format, parse } from "date-fns";
import { useLayoutEffect, useRef } from "react";
import type { UsageCounts } from "@shared/export";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from "@/components/ui/table";
import { useUsageQuery } from "../api";

const SERIES: { key: keyof UsageCounts; label: string; color: string }[] = [
  { key: "imports", label: "Imports", color: "bg-sky-500" },
  { key: "exports", label: "Exports", color: "bg-amber-500" },
  { key: "searches", label: "Searches", color: "bg-emerald-500" },
];

const monthLabel = (period: string) => format(parse(period, "yyyy-MM", new Date()), "MMM yyyy");

/** The last twelve months, ending with the current one (UTC, as the server counts). */
function lastTwelveMonths() {
  const now = new Date();
  const to = now.toISOString().slice(0, 7);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 7);
  return { from, to };
}

// Narrower cells on phones, so the four columns of a month fit 390 px without a scroll hiding one.
const TIGHT = "max-sm:px-2";

/** The column headings of the three counts, shared by both tables. */
const SeriesHeads = () =>
  SERIES.map((s) => (
    <TableHead key={s.key} className={`text-right ${TIGHT}`}>
      {s.label}
    </TableHead>
  ));

/** One row's three counts, in the order of SeriesHeads. */
const SeriesCells = ({ counts }: { counts: UsageCounts }) =>
  SERIES.map((s) => (
    <TableCell key={s.key} className={`text-right tabular-nums ${TIGHT}`}>
      {counts[s.key].toLocaleString()}
    </TableCell>
  ));

const isEmpty = (counts: UsageCounts) => SERIES.every(({ key }) => counts[key] === 0);

/** The months from the first that counted anything to the current one (the current one alone when none did). */
function monthsWithData<T extends UsageCounts>(months: T[]): T[] {
  const first = months.findIndex((month) => !isEmpty(month));
  return first === -1 ? months.slice(-1) : months.slice(first);
}

/** Imports (contacts), exports and searches per month: a bar chart, the same figures as a table, and per person. */
export function UsageCard({ orgId }: { orgId: string }) {
  const { from, to } = lastTwelveMonths();
  const usage = useUsageQuery(orgId, from, to);
  const months = monthsWithData(usage.data?.months ?? []);
  // The chart opens on the latest months: on a phone the earlier ones are a scroll to the left.
  const chart = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (chart.current) chart.current.scrollLeft = chart.current.scrollWidth;
  }, [months.length]);
  const people = [...(usage.data?.people ?? [])].sort((a, b) => b.period.localeCompare(a.period) || a.name.localeCompare(b.name));
  // Each series on its own scale: searches outnumber exports by far.
  const max = Object.fromEntries(SERIES.map(({ key }) => [key, Math.max(1, ...months.map((m) => m[key]))])) as Record<
    keyof UsageCounts,
    number
  >;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>Contacts imported, exports and searches per month, over the last twelve months.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 max-sm:px-3">
        {usage.isPending ? (
          <p className="text-sm text-muted-foreground">Loading usage...</p>
        ) : usage.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {usage.error.message}
          </p>
        ) : (
          <>
            <figure aria-hidden="true" className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-4 text-xs text-muted-foreground">
                {SERIES.map((s) => (
                  <span key={s.key} className="flex items-center gap-1">
                    <span className={`inline-block size-3 rounded-sm ${s.color}`} /> {s.label}
                  </span>
                ))}
              </div>
              <div ref={chart} data-testid="usage-chart" className="flex h-40 items-end gap-1 overflow-x-auto border-b pb-1">
                {months.map((month) => (
                  <div key={month.period} className="flex max-w-24 min-w-10 flex-1 flex-col items-center gap-1">
                    <div className="flex h-32 w-full items-end justify-center gap-0.5">
                      {SERIES.map((s) => (
                        <div
                          key={s.key}
                          title={`${s.label}: ${month[s.key]}`}
                          className={`w-2 rounded-t-sm ${s.color}`}
                          style={{ height: `${(month[s.key] / max[s.key]) * 100}%` }}
                        />
                      ))}
                    </div>
                    <span className="text-[10px] whitespace-nowrap text-muted-foreground">
                      {format(parse(month.period, "yyyy-MM", new Date()), "MMM")}
                    </span>
                  </div>
                ))}
              </div>
            </figure>
            <Table caption="Usage per month">
              <TableHeader>
                <TableHead className={TIGHT}>Month</TableHead>
                <SeriesHeads />
              </TableHeader>
              <tbody>
                {[...months].reverse().map((month) => (
                  <TableRow key={month.period} data-period={month.period}>
                    <TableRowHeader className={`whitespace-nowrap ${TIGHT}`}>{monthLabel(month.period)}</TableRowHeader>
                    <SeriesCells counts={month} />
                  </TableRow>
                ))}
              </tbody>
            </Table>
            {people.length > 0 && (
              <Table caption="Usage per person and month">
                <TableHeader>
                  {/* On phones the month goes under the person's name: five columns would not fit. */}
                  <TableHead className="max-sm:hidden">Month</TableHead>
                  <TableHead className={TIGHT}>Person</TableHead>
                  <SeriesHeads />
                </TableHeader>
                <tbody>
                  {people.map((row) => (
                    <TableRow key={`${row.period}-${row.userId}`}>
                      <TableCell className="whitespace-nowrap max-sm:hidden">{monthLabel(row.period)}</TableCell>
                      <TableRowHeader className={`break-words ${TIGHT}`}>
                        {row.name}
                        {row.email && <span className="block text-xs font-normal break-all text-muted-foreground">{row.email}</span>}
                        <span className="block text-xs font-normal text-muted-foreground sm:hidden">{monthLabel(row.period)}</span>
                      </TableRowHeader>
                      <SeriesCells counts={row} />
                    </TableRow>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
