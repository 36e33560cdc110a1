// What the routes call: previews, runs, their views and downloads, and undo.
export { failedRowsCsv } from "./failed-rows.js";
export { previewImport } from "./preview.js";
export { startImport, startNativeImport } from "./start.js";
export { undoImport } from "./undo.js";
export { getImport, listImports } from "./view.js";
