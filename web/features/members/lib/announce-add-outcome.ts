import { toast } from "sonner";
import { isApiError } from "@/api";
import type { AddMemberResult } from "../api";

/** Spec section 9: the creation toast stays 10 seconds. */
const CREATED_TOAST_MS = 10_000;

/** One confirmation per outcome of the add-user chain (spec section 4). */
export function announceAddOutcome({ outcome, member }: AddMemberResult): void {
  switch (outcome) {
    case "added":
      toast.success("User added to organization", { description: `${member.email} now has access to this organization.` });
      return;
    case "recovered":
      toast.success("User recovered and added to organization", {
        description: `${member.email} had no organization left and now belongs to this one.`,
      });
      return;
    case "invited":
      toast.success("User created successfully", {
        description: `An invitation e-mail was sent to ${member.email}.`,
        duration: CREATED_TOAST_MS,
      });
      return;
    case "created":
      toast.success("User created successfully", {
        description: `The invitation e-mail to ${member.email} could not be sent. Give them the temporary password.`,
        duration: CREATED_TOAST_MS,
      });
      return;
  }
}

/** A 409 carries the spec's own sentence ('User {email} is already a member of this organization'). */
export function announceAddFailure(error: unknown, fallback: string): void {
  if (isApiError(error) && error.status === 409) {
    toast.error(error.message);
    return;
  }
  toast.error(fallback, { description: error instanceof Error ? error.message : undefined });
}
