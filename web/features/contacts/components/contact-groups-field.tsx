import { X } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useContactGroupMutation, useContactGroupsQuery } from "../api";
import { failureReason } from "../lib/contact-display";
import { ContactGroupSelect } from "./contact-group-select";

/** The detail view's groups: each with its remove button, and a group to add the contact to. */
export function ContactGroupsField({ orgId, contactId }: { orgId: string; contactId: string }) {
  const groups = useContactGroupsQuery(orgId, contactId);
  const change = useContactGroupMutation(orgId, contactId);
  const [choice, setChoice] = useState({ id: "", name: "" });
  const items = groups.data?.items ?? [];

  function apply(groupId: string, name: string, add: boolean) {
    change.mutate(
      { groupId, name, add },
      {
        onSuccess: () => {
          if (add) setChoice({ id: "", name: "" });
          toast.success(add ? `Added to ${name}` : `Removed from ${name}`);
        },
        onError: (error) => toast.error(`${add ? "Failed to add to" : "Failed to remove from"} ${name}: ${failureReason(error)}`),
      },
    );
  }

  if (!groups.data) return <>...</>;
  return (
    <span className="flex flex-col items-start gap-2">
      {items.length ? (
        <ul aria-label="Groups of this contact" className="flex flex-wrap gap-1">
          {items.map((g) => (
            <li key={g.id}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {g.name}
                <button
                  type="button"
                  className="rounded-sm p-0.5 hover:bg-muted-foreground/20 disabled:opacity-50"
                  aria-label={`Remove from ${g.name}`}
                  disabled={change.isPending}
                  onClick={() => apply(g.id, g.name, false)}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        "In no group"
      )}
      <span className="flex flex-wrap items-center gap-2">
        <ContactGroupSelect
          orgId={orgId}
          value={choice.id}
          onChange={(id, name) => setChoice({ id, name })}
          allLabel="Choose a group"
          label="Add to group"
          compact
          exclude={new Set(items.map((g) => g.id))}
        />
        <Button
          size="sm"
          variant="outline"
          className="h-8"
          disabled={!choice.id || change.isPending}
          onClick={() => apply(choice.id, choice.name, true)}
        >
          Add
        </Button>
      </span>
    </span>
  );
}
