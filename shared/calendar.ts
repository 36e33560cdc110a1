/**
 * Calendar days (YYYY-MM-DD) and months (YYYY-MM) as filters take them: UTC, and only years of four
 * digits from 1000, where JavaScript's dates, both databases and the strings' own order agree (there
 * is no year 0 in PostgreSQL, and Date.UTC reads years below 100 as 19xx).
 */
export const FIRST_DAY = "1000-01-01";
export const LAST_DAY = "9999-12-31";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const FIRST_YEAR = Number(FIRST_DAY.slice(0, 4));

export const isDayFormat = (text: string) => DAY.test(text);
export const isMonthFormat = (text: string) => MONTH.test(text);

/** Whether `text` is YYYY-MM-DD and names a day that exists (no 2026-02-30, no month 13), from FIRST_DAY on. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= FIRST_YEAR && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `text` is YYYY-MM with a month 01-12, from FIRST_DAY's year on. */
export function isCalendarMonth(text: string): boolean {
  const match = MONTH.exec(text);
  return match !== null && Number(match[1]) >= FIRST_YEAR && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** The first instant (ISO) after a UTC day; none after LAST_DAY, which nothing can follow in a four-digit year. */
export function startOfNextDay(day: string): string | undefined {
  if (day >= LAST_DAY) return undefined;
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000).toISOString();
}
