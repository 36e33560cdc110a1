import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMoreButton } from "@/components/load-more-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useImportsQuery } from "../api";
import { RecentImportItem } from "./recent-import-item";

/** The organization's runs, newest first: the summary resets after 3 s, its failed rows and undo stay here. */
export function RecentImports({ orgId }: { orgId: string }) {
  const query = useImportsQuery(orgId);
  const runs = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Recent imports</CardTitle>
        <CardDescription>Failed rows can be downloaded, and an import can be undone for 7 days.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {query.isError && (
          <Alert variant="destructive">
            <AlertDescription>Failed to load recent imports</AlertDescription>
          </Alert>
        )}
        {query.isSuccess && runs.length === 0 && <p className="text-sm text-muted-foreground">No imports yet</p>}
        {runs.length > 0 && (
          <ul aria-label="Recent imports" className="flex flex-col divide-y">
            {runs.map((run) => (
              <RecentImportItem key={run.id} orgId={orgId} run={run} />
            ))}
          </ul>
        )}
        <LoadMoreButton query={query} />
      </CardContent>
    </Card>
  );
}
