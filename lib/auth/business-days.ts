// Public holidays of the Republic of Kazakhstan (fixed dates, month-day). Moving ones (Kurban ait,
// Orthodox Christmas is fixed: 01-07) are left out: a review due a day early is the safe side.
const HOLIDAYS = new Set(['01-01', '01-02', '01-07', '03-08', '03-21', '03-22', '03-23', '05-01', '05-07', '05-09', '07-06', '08-30', '10-25', '12-16']);

function almatyDay(d: Date): { weekday: number; md: string } {
  // Asia/Almaty is UTC+5 all year.
  const local = new Date(d.getTime() + 5 * 3600_000);
  const md = `${String(local.getUTCMonth() + 1).padStart(2, '0')}-${String(local.getUTCDate()).padStart(2, '0')}`;
  return { weekday: local.getUTCDay(), md };
}

/** The moment `days` business days (Mon-Fri, not a public holiday in Kazakhstan) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  let d = new Date(from);
  let left = days;
  while (left > 0) {
    d = new Date(d.getTime() + 24 * 3600_000);
    const { weekday, md } = almatyDay(d);
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(md)) left--;
  }
  return d;
}
