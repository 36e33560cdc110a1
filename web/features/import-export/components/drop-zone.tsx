import { Upload } from "lucide-react";
import { type DragEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

interface DropZoneProps {
  /** Names the zone for assistive technology, e.g. 'CSV file'. */
  label: string;
  /** e.g. '.csv' */
  extension: string;
  onFile: (file: File) => void;
  /** Opens the system's file chooser (the card's file input). */
  onBrowse: () => void;
  disabled?: boolean;
}

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * Spec section 2's drop zone: drop a file or click anywhere to browse; keyboard users reach the Select
 * File button. Only the first dropped file is used (spec section 5).
 */
export function DropZone({ label, extension, onFile, onBrowse, disabled = false }: DropZoneProps) {
  const [over, setOver] = useState(false);

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setOver(true);
  }

  function handleDragLeave(event: DragEvent<HTMLDivElement>) {
    // Moving over a child fires a leave on the zone: only leaving the zone itself counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <div
      role="group"
      aria-label={`Drop a ${label} here`}
      onDragOver={handleDragOver}
      onDragEnter={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
      onClick={() => !disabled && onBrowse()}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
        over ? "border-primary bg-primary/5" : "border-muted-foreground/25 hover:border-muted-foreground/50",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <Upload aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-sm font-medium">Drag and drop your file here, or click to browse</p>
      <p className="text-xs text-muted-foreground">Accepted formats: {extension} (max 10MB)</p>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          onBrowse();
        }}
      >
        Select File
      </Button>
    </div>
  );
}
