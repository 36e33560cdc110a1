/** Spec section 9: the template's file name and columns, with one example row to show the shape. */
export const TEMPLATE_FILE_NAME = "contacts_template.csv";
export const TEMPLATE_CSV = "Name,Phone,Email,Notes\r\nJane Doe,(555) 010-1234,jane@example.com,Met at the spring fair\r\n";

/** Saves the template from memory: nothing to fetch, so it works offline too. */
export function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([TEMPLATE_CSV], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the download has taken the blob by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
