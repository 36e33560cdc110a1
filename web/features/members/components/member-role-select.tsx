import type { ComponentProps } from "react";
import { ROLES } from "@shared/constants";
import { NativeSelect } from "@/components/ui/native-select";
import { MEMBER_ROLE_LABELS } from "../lib/role-label";

// Staff first: it is the default role for new users (spec section 9).
const OPTIONS = [...ROLES].reverse().map((role) => ({ value: role, label: MEMBER_ROLE_LABELS[role] }));

export function MemberRoleSelect(props: ComponentProps<"select">) {
  return <NativeSelect options={OPTIONS} {...props} />;
}
