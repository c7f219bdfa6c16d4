// Calendar arithmetic on the school's dates written `YYYY-MM-DD`: no zones involved (the day is
// already the school's). Plain code: client and server.

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus n days. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** ISO weekday (1 = Monday … 7 = Sunday) of a school date. */
export function isoWeekday(ymd: string): number {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** `YYYY-MM-DD` plus n calendar months; a day past the target month's end becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}
