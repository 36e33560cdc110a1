import { z } from "zod";
import { BULK_IDS_MAX } from "./contact-schemas.js";
import { exportQuerySchema } from "./export-schemas.js";

/**
 * The contacts ticked on the list, exported (POST: their ids do not fit in a URL). A selection of 'all
 * matching' is exported by the list's scope instead (GET /export?q=&filter=&group=).
 */
export const exportSelectionSchema = z.strictObject({
  format: exportQuerySchema.shape.format,
  ids: z
    .array(z.string().min(1).max(100), { error: "Select at least one contact" })
    .min(1, "Select at least one contact")
    .max(BULK_IDS_MAX, `Select at most ${BULK_IDS_MAX} contacts one by one, or select all matching`),
});
