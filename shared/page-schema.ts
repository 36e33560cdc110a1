import { z } from "zod";

import { PAGE_DEFAULT, PAGE_MAX } from "./page.js";

export * from "./page.js";

/** The one paging query of every list: an opaque cursor (the previous page's nextCursor) and a limit. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
});

/** A paged list with a search box. */
export const searchPageQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || undefined),
});
