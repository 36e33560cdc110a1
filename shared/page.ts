// Page sizes and the page shape, without the query schemas: the screens' list hooks read these, and
// importing them must not load zod.
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
