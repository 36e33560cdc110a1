// Names the browser and system of a User-Agent header for Settings > Security and the new-device mail.
// Only the common cases; anything else is "Unknown browser" / "unknown system", never a guess.

export interface DeviceDescription {
  browser: string;
  os: string;
  /** "Firefox on Windows" */
  label: string;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS browsers say Safari too.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const text = userAgent ?? "";
  const browser = first(BROWSERS, text) ?? "Unknown browser";
  const os = first(SYSTEMS, text) ?? "unknown system";
  return { browser, os, label: `${browser} on ${os}` };
}
