import { Undo2 } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { getErrorMessage } from "@/lib/error-message";
import { type ImportRun, useUndoImportMutation } from "../api";

const contacts = (n: number) => `${n.toLocaleString()} contact${n === 1 ? "" : "s"}`;

/** The toast of an undo: what moved to the trash, what got its values back, and who was left as edited since. */
function announceUndo(run: ImportRun) {
  const report = run.undoReport;
  if (!report) return toast.success("Import undone");
  const edited = report.editedSince.map((c) => c.name).join(", ");
  const groups = report.leftGroups ? `, ${report.leftGroups.toLocaleString()} removed from the groups it added them to` : "";
  toast.success(`Import undone: ${contacts(report.trashed)} moved to the trash, ${contacts(report.restored)} restored${groups}`, {
    description: edited ? `Edited since the import, so left as they are: ${edited}` : undefined,
  });
}

/** 'Undo this import', after a confirmation: the run's new contacts go to the trash, the fields it changed come back. */
export function UndoImportButton({ orgId, run, onUndone }: { orgId: string; run: ImportRun; onUndone?: (run: ImportRun) => void }) {
  const [confirming, setConfirming] = useState(false);
  const undo = useUndoImportMutation(orgId);

  function handleConfirm() {
    undo.mutate(run.id, {
      onSuccess: (undone) => {
        setConfirming(false);
        announceUndo(undone);
        onUndone?.(undone);
      },
      onError: (error) => toast.error(`Failed to undo the import: ${getErrorMessage(error)}`),
    });
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <Undo2 aria-hidden="true" />
        Undo this import
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={handleConfirm}
        busy={undo.isPending}
        title="Undo this import?"
        description={`The ${contacts(run.imported)} this import created move to the trash, and the ${contacts(run.merged)} it merged into get their previous values back, unless someone edited them since.`}
        confirmLabel="Undo Import"
        busyLabel="Undoing..."
        icon={Undo2}
      />
    </>
  );
}
