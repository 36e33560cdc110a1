// A contact's photo: where it is read from, and the square JPEG the form makes of a chosen picture
// before it is sent (the server resizes it to its own 512 px square again).

/** The server's cap on an uploaded photo (ADR 015); the cropped square sent is far below it. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the square the form sends: the server keeps photos at this size. */
export const PHOTO_SIZE = 512;

/** The photo's address; the etag in it makes a changed photo a new address, so caches never show the old one. */
export const contactPhotoUrl = (orgId: string, id: string, etag: string) =>
  `/api/orgs/${encodeURIComponent(orgId)}/contacts/${encodeURIComponent(id)}/photo?v=${encodeURIComponent(etag)}`;

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

/** The framed square of the picture at `src`, drawn at PHOTO_SIZE and encoded as JPEG. */
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
