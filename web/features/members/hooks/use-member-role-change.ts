import { toast } from "@/lib/toast";
import type { Member } from "../api";
import { useMemberUpdateMutation } from "../api";

/** Toggles staff <-> admin ('Make Admin' / 'Make Staff'); the server's refusal is shown as the description. */
export function useMemberRoleChange(organizationId: string | null) {
  const update = useMemberUpdateMutation(organizationId ?? "");

  return function changeRole(member: Member) {
    if (!organizationId) {
      toast.error("No organization selected");
      return;
    }
    const role = member.role === "admin" ? "staff" : "admin";
    update.mutate(
      { userId: member.id, role },
      {
        onSuccess: () => toast.success(`User role changed to ${role}`),
        onError: (error) => toast.error("Failed to change user role", { description: error.message }),
      },
    );
  };
}
