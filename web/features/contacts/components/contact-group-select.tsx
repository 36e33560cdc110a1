import { useId } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";
import { useGroupsQuery } from "@/features/groups/api";

interface ContactGroupSelectProps {
  orgId: string;
  /** The group's id, "" for every contact. */
  value: string;
  /** The group's id ("" for the first option) and name. */
  onChange: (groupId: string, name: string) => void;
  /** Phones: the label is read out, not shown. */
  compact?: boolean;
  /** The first option's words ('All groups'); none when a group must be chosen. */
  allLabel?: string | null;
  label?: string;
  /** Groups not offered (those the contact is in already). */
  exclude?: ReadonlySet<string>;
  className?: string;
}

/** The organization's groups as a native select (by name; the first page of them, as the Groups page loads). */
export function ContactGroupSelect(props: ContactGroupSelectProps) {
  const { orgId, value, onChange, compact = false, allLabel = "All groups", label = "Group", exclude, className } = props;
  const id = useId();
  const groups = useGroupsQuery(orgId);
  const items = (groups.data?.pages.flatMap((page) => page.items) ?? []).filter((g) => !exclude?.has(g.id));
  const options = [...(allLabel !== null ? [{ value: "", label: allLabel }] : []), ...items.map((g) => ({ value: g.id, label: g.name }))];
  // A group named by the URL but not among those loaded still shows as chosen.
  if (value && !items.some((g) => g.id === value)) options.push({ value, label: groups.isPending ? "Loading groups..." : "Other group" });
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <label htmlFor={id} className={cn("text-sm text-muted-foreground", compact && "sr-only")}>
        {label}
      </label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value, event.target.selectedOptions[0]?.text ?? "")}
        options={options}
        className={cn("h-8 w-auto min-w-0 bg-background", compact ? "max-w-32" : "max-w-48")}
      />
    </div>
  );
}
