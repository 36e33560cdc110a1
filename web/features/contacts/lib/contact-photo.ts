// The square JPEG the form makes of a chosen picture before it is sent (the server crops and resizes
// it to its own square again, so this only spares the upload of a whole camera photo).
import { PHOTO_MAX_BYTES, PHOTO_SIZE, photoPath } from "@shared/contact-model/photo";

export { photoPath as contactPhotoUrl };

/** The part of the picture the person framed, in the picture's own pixels (react-easy-crop's croppedAreaPixels). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("This file could not be read as a picture"));
    image.src = src;
  });
}

/** The framed square of the picture at `src`, drawn at the server's photo size and encoded as JPEG. */
export async function cropToSquareJpeg(src: string, area: CropArea, size = PHOTO_SIZE): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot crop pictures");
  // JPEG has no transparency: a transparent PNG gets a white background instead of a black one.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) throw new Error("The picture could not be encoded");
  if (blob.size > PHOTO_MAX_BYTES) throw new Error("The photo is too large");
  return blob;
}
