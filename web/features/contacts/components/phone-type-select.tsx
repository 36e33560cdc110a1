import type { ComponentProps } from "react";
import { PHONE_TYPES } from "@shared/contact-fields";
import { NativeSelect } from "@/components/ui/native-select";
import { PHONE_TYPE_LABELS } from "../lib/contact-display";

const OPTIONS = PHONE_TYPES.map((type) => ({ value: type, label: PHONE_TYPE_LABELS[type] }));

/** The phone types of spec section 3. */
export function PhoneTypeSelect(props: ComponentProps<"select">) {
  return <NativeSelect options={OPTIONS} {...props} />;
}
