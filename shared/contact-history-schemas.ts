import { z } from "zod";

/** GET .../contacts/:id/history: the previous page's nextCursor. */
export const historyQuerySchema = z.object({ cursor: z.string().max(1000).optional() });

/** The version in POST .../history/:version/restore. */
export const historyVersionSchema = z.object({
  id: z.string().min(1).max(100),
  version: z.coerce
    .number({ error: "Version is not valid" })
    .int("Version is not valid")
    .min(1, "Version is not valid")
    .max(2_147_483_647, "Version is not valid"),
});
