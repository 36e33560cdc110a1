import { z } from "zod";

export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

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

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
