import { Contact } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useNativeImport } from "../hooks/use-native-import";
import { ImportModeChoice } from "./import-mode-choice";
import { ImportProgress } from "./import-progress";
import { ImportSummary } from "./import-summary";

/** On phones with the Contact Picker API: pick contacts from the address book and import them. */
export function PhoneContactsCard({ orgId }: { orgId: string }) {
  const flow = useNativeImport(orgId);
  const { phase } = flow;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Contact aria-hidden="true" className="size-5" />
          Phone Contacts
        </CardTitle>
        <CardDescription>Choose contacts from this phone's address book and import them.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {flow.error && (
          <Alert variant="destructive">
            <AlertDescription>{flow.error}</AlertDescription>
          </Alert>
        )}
        {phase.name === "idle" && (
          <>
            <ImportModeChoice value={flow.mode} onChange={flow.setMode} />
            <Button className="self-start" onClick={() => void flow.start()}>
              <Contact aria-hidden="true" />
              Select Contacts
            </Button>
          </>
        )}
        {phase.name === "importing" && <ImportProgress percent={phase.percent} />}
        {phase.name === "summary" && (
          <ImportSummary
            key={phase.run.id}
            orgId={orgId}
            run={phase.run}
            againLabel="Import More Contacts"
            onAgain={() => void flow.start()}
            onDone={flow.reset}
            onRunChange={flow.showRun}
          />
        )}
      </CardContent>
    </Card>
  );
}
