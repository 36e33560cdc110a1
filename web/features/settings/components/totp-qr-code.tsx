import { useMemo } from "react";
import { renderSVG } from "uqr";

/**
 * The otpauth:// URI as a QR code for an authenticator app to scan. Encoded here, never fetched: the
 * URI carries the secret. Shown as an image from a data: URL (the CSP allows data: images), so no markup
 * is injected into the page.
 */
export function TotpQrCode({ totpURI }: { totpURI: string }) {
  // Four modules of white around the code: the quiet zone scanners expect, also on a dark theme.
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(totpURI, { border: 4, ecc: "M" }))}`,
    [totpURI],
  );
  return (
    <img
      src={src}
      alt="QR code for your authenticator app"
      data-testid="two-factor-qr"
      width={192}
      height={192}
      className="size-48 rounded border bg-white [image-rendering:pixelated]"
    />
  );
}
