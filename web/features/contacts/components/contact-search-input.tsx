import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const LABEL = "Search contacts by name, email, phone, or notes...";

interface ContactSearchInputProps {
  value: string;
  onChange: (value: string) => void;
}

/** The search box; the caller debounces and trims what it sends to the server. */
export function ContactSearchInput({ value, onChange }: ContactSearchInputProps) {
  return (
    <div className="relative w-full">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label={LABEL}
        placeholder={LABEL}
        value={value}
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
        className="bg-background pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Clear search"
          className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
          onClick={() => onChange("")}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
