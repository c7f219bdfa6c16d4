// What the kill -9 test (scripts/durability/kill9.mjs) sends, and how it finds each acknowledged
// request in the database afterwards. One entry per kind of write a visitor makes.
//
// Extension point: when a public write appears (e.g. bookings, on branch `booking`), add an entry
// here: `request(i, run)` returns the path and JSON body of the i-th request (unique per run, valid,
// within the per-phone limits: one phone number per request), and `stored(query, run)` returns the
// keys of the rows of this run that are in the database; `key(i, run)` is the key request i must
// leave. The script sends the entries' requests interleaved and counts them per entry.

const CONSENT_VERSION = '2026-11'; // lib/consent.ts

/** A Kazakhstan mobile number unique to request i of this run: +7 701 xxx xx xx. */
export function phoneFor(i, run) {
  return `+7701${String((run.base + i) % 10_000_000).padStart(7, '0')}`;
}

/** @type {{ name: string, request: (i: number, run: { id: string, base: number }) => { path: string, body: unknown }, key: (i: number, run: { id: string, base: number }) => string, stored: (query: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>, run: { id: string, base: number }) => Promise<Set<string>> }[]} */
export const SUBMISSIONS = [
  {
    name: 'lead',
    request: (i, run) => ({
      path: '/api/leads',
      body: { consent: CONSENT_VERSION, kind: i % 2 ? 'callback' : 'feedback', name: `Durability ${run.id}`, phone: phoneFor(i, run), page: '/' },
    }),
    key: (i, run) => phoneFor(i, run),
    stored: async (query, run) => {
      const rows = await query('select phone from leads where name = $1', [`Durability ${run.id}`]);
      return new Set(rows.map((r) => String(r.phone)));
    },
  },
];
