// Text sanitisers of spec section 5: strip angle brackets, the javascript: scheme and inline
// event-handler patterns, then trim. React escapes on output anyway; this keeps stored data clean
// for exports and other clients.

const EVENT_HANDLER = /\bon[a-z]+\s*=/gi;
const JS_SCHEME = /javascript\s*:/gi;

export function sanitizeText(value: string): string {
  let out = value.replace(/[<>]/g, "");
  // Repeat until stable so "javajavascript:script:" cannot reassemble after one pass.
  for (let prev = ""; prev !== out;) {
    prev = out;
    out = out.replace(JS_SCHEME, "").replace(EVENT_HANDLER, "");
  }
  return out.trim();
}

/** The variant for single-line names: also collapses runs of whitespace. */
export function sanitizeLine(value: string): string {
  return sanitizeText(value).replace(/\s+/g, " ");
}
