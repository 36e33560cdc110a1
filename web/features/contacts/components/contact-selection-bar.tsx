import { Download, FolderMinus, FolderPlus, Star, Trash2, X } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import type { useBulkActions } from "../hooks/use-bulk-actions";
import type { ListSelection } from "../hooks/use-list-selection";
import { formatCount } from "../lib/contact-display";

interface SelectionCommands {
  onAddToGroup: () => void;
  onRemoveFromGroup: () => void;
  onFavorite: () => void;
  onTrash: () => void;
  /** Admins only (the policy's contacts.export); undefined hides it. */
  onExport?: (() => void) | undefined;
  onClear: () => void;
}

interface ContactSelectionBarProps extends SelectionCommands {
  /** '3 selected', 'All 2,300 matching selected'. */
  summary: string;
  /** 'Select all 2,300 matching', when every loaded row is ticked and more match. */
  selectAllLabel: string | null;
  onSelectAllMatching: () => void;
  busy: boolean;
}

/** The actions over the list's selection, above the list while something is ticked. */
function ContactSelectionBar(props: ContactSelectionBarProps) {
  const { busy } = props;
  return (
    <div
      role="region"
      aria-label="Selected contacts"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border bg-card px-3 py-2 shadow-xs"
    >
      <p aria-live="polite" className="text-sm font-medium">
        {props.summary}
      </p>
      {props.selectAllLabel && (
        <Button variant="link" size="sm" className="h-8 px-1" onClick={props.onSelectAllMatching}>
          {props.selectAllLabel}
        </Button>
      )}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Button variant="outline" size="sm" onClick={props.onAddToGroup} disabled={busy}>
          <FolderPlus aria-hidden="true" />
          Add to group
        </Button>
        <Button variant="outline" size="sm" onClick={props.onRemoveFromGroup} disabled={busy}>
          <FolderMinus aria-hidden="true" />
          Remove from group
        </Button>
        <Button variant="outline" size="sm" onClick={props.onFavorite} disabled={busy}>
          <Star aria-hidden="true" />
          Favourite
        </Button>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={props.onTrash} disabled={busy}>
          <Trash2 aria-hidden="true" />
          Move to trash
        </Button>
        {props.onExport && (
          <Button variant="outline" size="sm" onClick={props.onExport} disabled={busy}>
            <Download aria-hidden="true" />
            Export selection
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={props.onClear} disabled={busy}>
          <X aria-hidden="true" />
          Clear selection
        </Button>
      </div>
    </div>
  );
}

const contactWords = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "contact" : "contacts"}`;

/** The selection in words: '3 contacts', 'all 2,300 matching contacts'. */
export function selectionWords(selection: ListSelection, count: number | undefined, exact: boolean): string {
  if (!selection.allMatching) return contactWords(selection.ids.size);
  return count === undefined ? "all matching contacts" : `all ${formatCount(count, exact)} matching contacts`;
}

interface SelectionBarProps {
  selection: ListSelection;
  /** Rows loaded, and whether more pages match. */
  loaded: number;
  more: boolean;
  /** How many the list's scope matches (its chip's count), when known. */
  count: number | undefined;
  exact: boolean;
  bulk: ReturnType<typeof useBulkActions>;
  canExport: boolean;
}

/** The bar while something is ticked, with 'Select all N matching' once every loaded row is. */
export function SelectionBar({ selection, loaded, more, count, exact, bulk, canExport }: SelectionBarProps) {
  const [askTrash, setAskTrash] = useState(false);
  const ticked = selection.ids.size;
  if (!selection.allMatching && ticked === 0) return null;
  const matching = count === undefined ? null : formatCount(count, exact);
  const offerAll = !selection.allMatching && ticked === loaded && (more || (count !== undefined && count > loaded));
  return (
    <>
      <ContactSelectionBar
        summary={
          selection.allMatching
            ? `All ${matching ?? ""} matching selected`.replace("  ", " ")
            : `${ticked.toLocaleString("en-US")} selected`
        }
        selectAllLabel={offerAll ? (matching ? `Select all ${matching} matching` : "Select all matching") : null}
        onSelectAllMatching={selection.selectAllMatching}
        busy={bulk.busy}
        onAddToGroup={() => bulk.setGroupChoice({ mode: "add" })}
        onRemoveFromGroup={() => bulk.setGroupChoice({ mode: "remove" })}
        onFavorite={bulk.onFavorite}
        onTrash={() => setAskTrash(true)}
        onExport={canExport ? () => void bulk.onExport() : undefined}
        onClear={selection.clear}
      />
      <ConfirmDialog
        open={askTrash}
        onOpenChange={(open) => !bulk.busy && setAskTrash(open)}
        onConfirm={() => bulk.onTrash(() => setAskTrash(false))}
        title="Move to trash?"
        description={`${capitalize(selectionWords(selection, count, exact))} will be moved to Deleted Contacts. The toast's Undo brings them back.`}
        confirmLabel="Move to trash"
        busyLabel="Moving..."
        busy={bulk.busy}
      />
    </>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
