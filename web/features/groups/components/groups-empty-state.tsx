import { Plus, Users } from "lucide-react";
import { Button } from "@/components/ui/button";

/** No groups yet in this organization, with a shortcut to create the first one. */
export function GroupsEmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <Users aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">No groups found</p>
      <p className="max-w-sm text-sm text-muted-foreground">Create your first group to start organizing your contacts</p>
      <Button onClick={onCreate}>
        <Plus aria-hidden="true" />
        Create Group
      </Button>
    </div>
  );
}
