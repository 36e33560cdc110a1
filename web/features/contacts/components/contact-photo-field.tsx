import { ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import Cropper from "react-easy-crop";
import { Avatar } from "@/components/avatar";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { PHOTO_ACCEPT } from "@shared/contact-model/photo";
import { type CropArea, cropToSquareJpeg } from "../lib/contact-photo";

/** What saving does to the photo: leave it, replace it with this square, or take it away. */
export type PhotoChange = { kind: "keep" } | { kind: "set"; blob: Blob; url: string } | { kind: "remove" };

interface ContactPhotoFieldProps {
  /** The stored photo's address, or null. */
  stored: string | null;
  initials: string;
  value: PhotoChange;
  onChange: (change: PhotoChange) => void;
  disabled?: boolean;
}

/** Choose a picture, frame it as a square (drag, zoom), or remove the photo; sent when the contact is saved. */
export function ContactPhotoField({ stored, initials, value, onChange, disabled }: ContactPhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const zoomId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Object URLs hold the picture in memory until revoked.
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked)), [picked]);
  const setUrl = value.kind === "set" ? value.url : null;
  useEffect(() => () => void (setUrl && URL.revokeObjectURL(setUrl)), [setUrl]);

  const shown = value.kind === "set" ? value.url : value.kind === "remove" ? null : stored;

  function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setError("Please choose a picture (JPEG, PNG, WebP...)");
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setPicked(URL.createObjectURL(file));
  }

  async function acceptCrop() {
    if (!picked || !area) return;
    try {
      const blob = await cropToSquareJpeg(picked, area);
      onChange({ kind: "set", blob, url: URL.createObjectURL(blob) });
      setPicked(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  if (picked) {
    return (
      <div className="flex flex-col gap-3" data-testid="photo-cropper">
        <p className="text-sm text-muted-foreground">Drag the picture and zoom to frame the photo.</p>
        <div className="relative h-64 w-full overflow-hidden rounded-md bg-muted">
          <Cropper
            image={picked}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
          />
        </div>
        <div className="flex items-center gap-3">
          <Label htmlFor={zoomId}>Zoom</Label>
          <input
            id={zoomId}
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="flex-1 accent-primary"
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={() => void acceptCrop()} disabled={!area}>
            Use photo
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setPicked(null)}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src={shown} initials={initials} className="size-16 text-lg" />
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {shown ? "Change photo" : "Add photo"}
          </Button>
          {shown && (
            <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => onChange({ kind: "remove" })}>
              <Trash2 aria-hidden="true" />
              Remove photo
            </Button>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={PHOTO_ACCEPT}
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file chosen again is a change too.
            event.target.value = "";
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
