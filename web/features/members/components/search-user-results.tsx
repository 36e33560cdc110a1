import { userDisplayName } from "@shared/user-display";
import { LoaderCircle, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { type SearchUser, useMemberAddMutation } from "../api";
import { announceAddFailure, announceAddOutcome } from "../lib/announce-add-outcome";

interface SearchUserResultsProps {
  organizationId: string;
  users: SearchUser[];
}

/** The search hits, each with an Add button (joins as staff, the default role). */
export function SearchUserResults({ organizationId, users }: SearchUserResultsProps) {
  const addMember = useMemberAddMutation(organizationId);
  const addingEmail = addMember.isPending ? addMember.variables?.email : undefined;

  function handleAdd(user: SearchUser) {
    addMember.mutate(
      { email: user.email, role: "staff" },
      {
        onSuccess: announceAddOutcome,
        onError: (error) => announceAddFailure(error, "Failed to add user to organization"),
      },
    );
  }

  // An empty result is said once, by the spec's toast ('No users found matching your search').
  if (users.length === 0) return null;

  return (
    <ul aria-label="Search results" className="flex max-h-[300px] flex-col divide-y overflow-y-auto rounded-md border">
      {users.map((user) => (
        <li key={user.user_id} className="flex items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{userDisplayName(user.name, user.email)}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
          <Button size="sm" aria-label={`Add ${user.email}`} disabled={addMember.isPending} onClick={() => handleAdd(user)}>
            {addingEmail === user.email ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <UserPlus aria-hidden="true" />}
            Add
          </Button>
        </li>
      ))}
    </ul>
  );
}
