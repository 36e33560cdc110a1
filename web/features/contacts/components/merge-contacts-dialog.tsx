import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import type { MergeChoiceKey } from "@shared/contact-model/merge-contacts";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PageSpinner } from "@/components/ui/spinner";
import { contactKeys, fetchContact } from "../api";
import { failureReason, contactName } from "../lib/contact-display";
import { choiceLabel, choiceText, dataOf, fieldsToChoose, mergedLists } from "../lib/merge-view";
import { useContactMergeMutation } from "../merge-api";
import { MergeChoiceField } from "./merge-choice-field";

const isFilled = (value: unknown) => typeof value === "string" && value.trim() !== "";

export interface MergeResult {
  contact: { id: string; first_name: string; last_name: string | null; company: string | null };
  mergeId: string;
}

interface MergeContactsDialogProps {
  orgId: string;
  /** The group's contacts, oldest first: the first is the one kept. */
  contactIds: string[];
  onOpenChange: (open: boolean) => void;
  onMerged: (result: MergeResult) => void;
}

/**
 * Side by side: per single field where the contacts differ, which value to keep (the kept contact's by
 * default); the lists as they will be, unioned; then one 'Merge'.
 */
export function MergeContactsDialog({ orgId, contactIds, onOpenChange, onMerged }: MergeContactsDialogProps) {
  const details = useQueries({
    queries: contactIds.map((id) => ({ queryKey: contactKeys.detail(orgId, id), queryFn: () => fetchContact(orgId, id) })),
  });
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [choices, setChoices] = useState<Partial<Record<MergeChoiceKey, string>>>({});
  const merge = useContactMergeMutation(orgId);
  const failed = details.find((d) => d.isError);
  const loaded = details.every((d) => d.data);
  const sides = loaded
    ? details.flatMap((d) => (left.has(d.data!.id) ? [] : [{ id: d.data!.id, name: contactName(d.data!), data: dataOf(d.data!) }]))
    : [];
  const [keep, ...others] = sides;
  const fields = fieldsToChoose(sides.map((s) => s.data));
  // Unchosen, a field is the kept contact's, or the first other's when the kept one's is empty (as the
  // merge fills it); every differing field is sent, so what the radios show is what is written.
  const chosen = (key: MergeChoiceKey) =>
    choices[key] && sides.some((s) => s.id === choices[key]) ? choices[key] : (sides.find((s) => isFilled(s.data[key]))?.id ?? keep!.id);

  function handleMerge() {
    if (!keep || others.length === 0) return;
    const picked = Object.fromEntries(fields.map((key) => [key, chosen(key)]));
    merge.mutate(
      { keepId: keep.id, mergeIds: others.map((o) => o.id), choices: picked },
      {
        onSuccess: (result) => onMerged(result),
        onError: (error) => toast.error(`Failed to merge contacts: ${failureReason(error)}`),
      },
    );
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Merge contacts</DialogTitle>
          <DialogDescription>
            Where they differ, choose the value to keep. Phones, e-mails, addresses, websites, dates, custom fields and groups are combined.
          </DialogDescription>
        </DialogHeader>
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load contacts: {failureReason(failed.error)}
          </p>
        ) : !loaded || !keep ? (
          <PageSpinner label="Loading contacts" />
        ) : (
          <div className="flex min-w-0 flex-col gap-4">
            <ol aria-label="Contacts to merge" className="flex flex-col gap-1 text-sm">
              {details.map((d, i) => {
                const id = d.data!.id;
                const text = (
                  <>
                    <span className="font-medium">{contactName(d.data!)}</span>
                    {i === 0 ? " (kept)" : " (merged into it, then moved to the trash)"}
                  </>
                );
                // Beyond a pair, each other contact can be left out (an office line shared by several people).
                const optional = i > 0 && contactIds.length > 2;
                return (
                  <li key={id} className="flex items-center gap-2">
                    {optional && (
                      <Checkbox
                        id={`merge-include-${id}`}
                        checked={!left.has(id)}
                        onCheckedChange={(on) => setLeft((now) => new Set([...now].filter((x) => x !== id).concat(on ? [] : [id])))}
                      />
                    )}
                    {optional ? (
                      <label htmlFor={`merge-include-${id}`} className="min-w-0">
                        {text}
                      </label>
                    ) : (
                      <span className="min-w-0">{text}</span>
                    )}
                  </li>
                );
              })}
            </ol>
            {fields.map((key) => (
              <MergeChoiceField
                key={key}
                name={`merge-${key}`}
                legend={choiceLabel(key)}
                options={sides.map((s) => ({ id: s.id, text: choiceText(key, s.data), from: s.name }))}
                value={chosen(key)}
                onChange={(id) => setChoices((now) => ({ ...now, [key]: id }))}
              />
            ))}
            <section aria-labelledby="merge-lists" className="flex flex-col gap-2">
              <h3 id="merge-lists" className="text-sm font-semibold">
                After the merge
              </h3>
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
                {mergedLists(keep, others).map((list) => (
                  <div key={list.key} className="contents">
                    <dt className="text-muted-foreground">{list.label}</dt>
                    <dd className="min-w-0 break-words">{list.entries.join(" · ")}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={handleMerge} disabled={!loaded || others.length === 0 || merge.isPending}>
            {merge.isPending ? "Merging..." : "Merge"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
