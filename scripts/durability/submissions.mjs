// What the kill -9 test (scripts/durability/kill9.mjs) sends, and how it finds each acknowledged
// request in the database afterwards. One entry per kind of write a visitor makes.
//
// Extension point: when a public write appears, add an entry here: `request(i, run)` returns the
// path, JSON body and extra headers of the i-th request of this kind (unique per run, valid, within
// the per-phone limits), and `stored(query, run)` returns the keys of the rows of this run that are
// in the database; `key(i, run)` is the key request i must leave. `prepare(api, run, count)`, when
// there is one, runs once against the started server before the burst (accounts, schedules, free
// slots: through the server's own HTTP calls) and keeps what `request` needs in `run`. With
// `allAnswered2xx`, any final answer other than 2xx fails the check (a retry must get the same
// answer back, not a refusal). The script sends the entries' requests interleaved and counts them
// per entry.

const CONSENT_VERSION = '2026-11-29'; // lib/consent.ts
const PASSWORD = 'Qazaq2024sky';
/** lib/validations/registration.ts TUTOR_SUBJECTS: a student has one live free trial per subject. */
const SUBJECTS = ['english', 'kazakh', 'russian', 'mathematics', 'physics', 'chemistry', 'biology', 'history', 'geography', 'informatics'];
/** Bookable tutors the bookings are spread over, one per subject (a trial is in one of the tutor's subjects). */
const TUTORS = SUBJECTS.length;
/**
 * lib/lessons/booking.ts BOOKINGS_PER_DAY is 5 a student a day. The burst gives each student 4:
 * the daily count is taken before the booking's transaction, so a request cut by the kill may have
 * spent one count without a lesson (its resend then still fits under the cap).
 */
const BOOKINGS_PER_STUDENT = 4;

/** A Kazakhstan mobile number unique to request i of this run: +7 701 xxx xx xx. */
export function phoneFor(i, run) {
  return `+7701${String((run.base + i) % 10_000_000).padStart(7, '0')}`;
}

/**
 * The phone of account k (students +7 707, tutors +7 708): the three digits after the operator code
 * differ per account, so no two share an SMS number prefix (at most 20 codes per prefix an hour).
 */
function accountPhone(operator, k, run) {
  return `+7${operator}${String((run.base + k) % 1000).padStart(3, '0')}${String((run.base + 7 * k) % 10_000).padStart(4, '0')}`;
}

/** Registers an account through the API (SMS code from the development outbox): its phone and bearer token. */
async function register(api, role, phone, extra) {
  const sent = await api.call('POST', '/api/sms/send', { phone, purpose: 'register' });
  if (sent.status !== 202) throw new Error(`sms/send ${phone}: ${sent.status} ${sent.text}`);
  let code;
  for (let t = 0; t < 80 && !code; t++) {
    const outbox = await api.call('GET', `/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
    if (outbox.status !== 200) throw new Error(`dev/outbox: ${outbox.status} ${outbox.text} (the server needs ENABLE_DEV_TOOLS=true)`);
    code = outbox.json.messages.find((m) => m.code)?.code;
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  if (!code) throw new Error(`no SMS code for ${phone}`);
  const res = await api.call('POST', `/api/auth/register/${role}`, { ...extra, phone, code, password: PASSWORD, confirm: PASSWORD, consent: CONSENT_VERSION });
  if (res.status !== 201) throw new Error(`register/${role} ${phone}: ${res.status} ${res.text}`);
  return { phone, token: res.json.token };
}

/** Runs fn over items with `limit` in flight. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let k = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (k < items.length) {
        const j = k++;
        out[j] = await fn(items[j], j);
      }
    }),
  );
  return out;
}

/** k → letters (0 → "a", 26 → "ba"): names take letters only. */
const alpha = (k) => (k >= 26 ? alpha(Math.floor(k / 26)) : '') + String.fromCharCode(97 + (k % 26));

const bookingKey = (i, run) => `kill9-${run.id}-${i}`;

/** Seats in each of the seats kind's groups (lib/validations/group-rules.ts GROUP_MAX_SEATS): one per student. */
const SEATS = 6;
/** Students the payments' orders are spread over (a student may have many orders). */
const PAYING_STUDENTS = 4;
const APPROVED_CARD = '4405 6397 0401 5096'; // scripts/fakes/epay.mjs TEST_CARDS

/** What a browser does on the fake's hosted page: opens it and pays with an approved card. */
async function payOnFakePage(fake, start) {
  const params = Buffer.from(JSON.stringify(start.paymentObject)).toString('base64');
  const page = await fetch(`${fake.url}/payform/?params=${encodeURIComponent(params)}`);
  if (page.status !== 200) throw new Error(`fake hosted page: ${page.status}`);
  await page.text();
  const form = new URLSearchParams({ invoiceId: String(start.paymentObject.invoiceId), token: start.paymentObject.auth.access_token, pan: APPROVED_CARD, exp: '12/30', cvc: '123' });
  const res = await fetch(`${fake.url}/payform/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
  await res.text();
  const inv = fake.invoices.get(String(start.paymentObject.invoiceId));
  if (inv?.status !== 'CHARGE') throw new Error(`fake payment of ${start.paymentObject.invoiceId}: ${inv?.status ?? 'no invoice'}`);
}

/** @type {{ name: string, allAnswered2xx?: boolean, prepare?: (api: { call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number, text: string, json: any }> }, run: Record<string, any>, count: number) => Promise<string>, request: (i: number, run: Record<string, any>) => { path: string, body: unknown, headers?: Record<string, string> }, key: (i: number, run: Record<string, any>) => string, stored: (query: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>, run: Record<string, any>) => Promise<Set<string>> }[]} */
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
  {
    // Free trial bookings (POST /api/booking/book, bearer): booking i is student s = i % S, her j-th
    // (j = ⌊i / S⌋ < 4, under the daily cap), with tutor (s + j) % 10 in that tutor's one subject, so each
    // student has one live trial per tutor and per subject; each booking takes its tutor's next free
    // slot. The idempotency key is fixed per request, so a booking resent after the kill answers the
    // lesson it booked (200) instead of a second one or a refusal.
    name: 'booking',
    allAnswered2xx: true,
    prepare: async (api, run, count) => {
      const students = Math.ceil(count / BOOKINGS_PER_STUDENT);
      const tutors = await pool(Array.from({ length: TUTORS }, (_, k) => k), 4, async (k) => {
        const tutor = await register(api, 'tutor', accountPhone('708', k, run), { tutorKind: 'local', name: 'Гүлнар', lastname: `Kill${alpha(k)}`, teachingLanguage: 'kk', subject: SUBJECTS[k] });
        const made = await api.call('POST', '/api/dev/bookable-tutor', { phone: tutor.phone });
        if (made.status !== 200) throw new Error(`dev/bookable-tutor: ${made.status} ${made.text}`);
        // Every day, all day, two weeks ahead, with the default 12 h notice: ~580 free half-hour slots.
        const weekly = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[0, 1440]]]));
        const saved = await api.call('PUT', '/api/tutor/schedule', { weekly, daysOff: [], minNoticeHours: 12, horizonWeeks: 2 }, { authorization: `Bearer ${tutor.token}` });
        if (saved.status !== 200) throw new Error(`PUT tutor/schedule: ${saved.status} ${saved.text}`);
        const slots = await api.call('GET', `/api/booking/slots?tutorId=${made.json.id}`);
        if (slots.status !== 200) throw new Error(`booking/slots: ${slots.status} ${slots.text}`);
        // Not the slots near the 12-hour notice: the burst comes later than this list, and a slot that
        // crossed the notice meanwhile is refused (409 slot_unavailable; a run once crossed 21:00:00 and lost
        // each tutor's first slot). An hour of margin is more than the prepare and burst take.
        const later = Date.now() + 13 * 3600_000;
        return { id: made.json.id, slots: slots.json.slots.filter((s) => Date.parse(s) > later) };
      });
      // Which tutor, slot and subject each booking takes.
      const used = new Array(TUTORS).fill(0);
      const plan = Array.from({ length: count }, (_, i) => {
        const s = i % students;
        const k = (s + Math.floor(i / students)) % TUTORS;
        return { student: s, tutor: k, slot: used[k]++, subject: SUBJECTS[k] };
      });
      for (const [k, t] of tutors.entries()) if (t.slots.length < used[k]) throw new Error(`tutor ${t.id} has ${t.slots.length} free slots, ${used[k]} needed`);
      const accounts = await pool(Array.from({ length: students }, (_, k) => k), 4, (k) =>
        register(api, 'student', accountPhone('707', k, run), { name: 'Айгерим', lastname: `Kill${alpha(k)}`, subject: 'english' }),
      );
      run.booking = { tutors, students: accounts.map((a) => a.token), plan };
      return `${TUTORS} bookable tutors (${tutors.map((t) => t.slots.length).join('/')} free slots), ${students} students`;
    },
    request: (i, run) => {
      const { tutors, students, plan } = run.booking;
      const p = plan[i];
      const tutor = tutors[p.tutor];
      return {
        path: '/api/booking/book',
        headers: { authorization: `Bearer ${students[p.student]}` },
        body: { tutorId: tutor.id, startsAt: tutor.slots[p.slot], subject: p.subject, idempotencyKey: bookingKey(i, run) },
      };
    },
    key: bookingKey,
    stored: async (query, run) => {
      const rows = await query(`select idempotency_key from lessons where idempotency_key like $1 and status = 'booked'`, [`kill9-${run.id}-%`]);
      return new Set(rows.map((r) => String(r.idempotency_key)));
    },
  },
  {
    // Card payments' notifications (POST /api/payments/epay/notify, ePay's postLink) arriving during
    // the kill: before the burst, orders are made through the checkout (the script's own fake of
    // ePay, outside the server, so it outlives the kills) and paid on the fake's hosted page with
    // its notifications held back; the burst then sends each order's postLink as the bank would.
    // After the restart every paid order must be credited exactly once (one package, one `payment`
    // ledger transaction) and the ledger must sum to zero: `verify`.
    name: 'payment',
    allAnswered2xx: true,
    prepare: async (api, run, count) => {
      const fake = run.epay;
      if (!fake) throw new Error('the payments kind needs the script\'s fake of ePay (run.epay)');
      const tutor = await register(api, 'tutor', accountPhone('708', 900, run), { tutorKind: 'local', name: 'Дана', lastname: 'Killpay', teachingLanguage: 'kk', subject: 'english' });
      const made = await api.call('POST', '/api/dev/bookable-tutor', { phone: tutor.phone, price: 6000 });
      if (made.status !== 200) throw new Error(`dev/bookable-tutor: ${made.status} ${made.text}`);
      // A package is bought only from a tutor with free time ahead (lib/payments/checkout.ts).
      const weekly = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[0, 1440]]]));
      const saved = await api.call('PUT', '/api/tutor/schedule', { weekly, daysOff: [], minNoticeHours: 12, horizonWeeks: 2 }, { authorization: `Bearer ${tutor.token}` });
      if (saved.status !== 200) throw new Error(`PUT tutor/schedule: ${saved.status} ${saved.text}`);
      const students = await pool(Array.from({ length: PAYING_STUDENTS }, (_, k) => k), 4, (k) =>
        register(api, 'student', accountPhone('707', 900 + k, run), { name: 'Әсел', lastname: `Killpay${alpha(k)}`, subject: 'english' }),
      );
      fake.control.notify = 'drop';
      const invoices = await pool(Array.from({ length: count }, (_, n) => n), 4, async (n) => {
        const res = await api.call('POST', '/api/payments/checkout', { tutorId: made.json.id, subject: 'english', plan: 'basic' }, { authorization: `Bearer ${students[n % PAYING_STUDENTS].token}` });
        if (res.status !== 201) throw new Error(`payments/checkout: ${res.status} ${res.text}`);
        await payOnFakePage(fake, res.json.start);
        return res.json.invoiceId;
      });
      run.payment = { invoices, bodies: invoices.map((id) => fake.notificationOf(id)) };
      return `${count} orders paid at the fake bank, their notifications held back for the burst`;
    },
    request: (i, run) => ({ path: '/api/payments/epay/notify', body: run.payment.bodies[i] }),
    key: (i, run) => run.payment.invoices[i],
    stored: async (query, run) => {
      const rows = await query(
        `select o.invoice_id from payment_orders o
          where o.invoice_id = any(string_to_array($1, ',')) and o.status = 'paid'
            and (select count(*) from lesson_packages p where p.order_id = o.id) = 1
            and (select count(distinct l.txn_id) from ledger_entries l where l.order_id = o.id and l.kind = 'payment') = 1`,
        [run.payment.invoices.join(',')],
      );
      return new Set(rows.map((r) => String(r.invoice_id)));
    },
    verify: async (query, run) => {
      const problems = [];
      const twice = await query(
        `select o.invoice_id from payment_orders o where o.invoice_id = any(string_to_array($1, ','))
            and ((select count(*) from lesson_packages p where p.order_id = o.id) > 1
              or (select count(distinct l.txn_id) from ledger_entries l where l.order_id = o.id and l.kind = 'payment') > 1)`,
        [run.payment.invoices.join(',')],
      );
      if (twice.length) problems.push(`credited more than once: ${twice.map((r) => r.invoice_id).join(', ')}`);
      const unpaid = await query(`select invoice_id from payment_orders where invoice_id = any(string_to_array($1, ',')) and status <> 'paid'`, [run.payment.invoices.join(',')]);
      if (unpaid.length) problems.push(`paid at the bank but not credited: ${unpaid.map((r) => r.invoice_id).join(', ')}`);
      const [total] = await query(`select coalesce(sum(amount_tiyn), 0)::text as sum, (select count(*) from (select txn_id from ledger_entries group by txn_id having sum(amount_tiyn) <> 0) x)::text as bad from ledger_entries`, []);
      if (total.sum !== '0' || total.bad !== '0') problems.push(`the ledger sums to ${total.sum} with ${total.bad} unbalanced transaction(s)`);
      return problems;
    },
  },
  {
    // Group seats (issue 33) paid during the kill: before the burst, groups of six seats are opened
    // (POST /api/dev/open-group: one lesson each, an hour apart, one tutor), six students each take a
    // seat in every group through the seat's checkout (POST /api/groups/{id}/checkout: the seat held,
    // its order made) and pay on the fake's hosted page with the notifications held back; the burst
    // sends each order's postLink. After the restart every paid seat order has exactly one paid seat
    // and one `payment` ledger transaction, no group has more live seats than six, and the ledger sums
    // to zero: `verify`.
    name: 'seat',
    allAnswered2xx: true,
    prepare: async (api, run, count) => {
      const fake = run.epay;
      if (!fake) throw new Error('the seats kind needs the script\'s fake of ePay (run.epay)');
      const tutor = await register(api, 'tutor', accountPhone('708', 950, run), { tutorKind: 'local', name: 'Айша', lastname: 'Killseat', teachingLanguage: 'kk', subject: 'english' });
      const groups = [];
      for (let g = 0; g < Math.ceil(count / SEATS); g++) {
        const made = await api.call('POST', '/api/dev/open-group', { phone: tutor.phone, startMinute: (g % 24) * 60, daysAhead: 3 + Math.floor(g / 24) });
        if (made.status !== 200) throw new Error(`dev/open-group: ${made.status} ${made.text}`);
        groups.push(made.json.id);
      }
      const students = await pool(Array.from({ length: SEATS }, (_, k) => k), 4, (k) =>
        register(api, 'student', accountPhone('707', 950 + k, run), { name: 'Дина', lastname: `Killseat${alpha(k)}`, subject: 'english' }),
      );
      fake.control.notify = 'drop';
      const invoices = await pool(Array.from({ length: count }, (_, n) => n), 4, async (n) => {
        const res = await api.call('POST', `/api/groups/${groups[Math.floor(n / SEATS)]}/checkout`, {}, { authorization: `Bearer ${students[n % SEATS].token}` });
        if (res.status !== 201) throw new Error(`groups/checkout: ${res.status} ${res.text}`);
        await payOnFakePage(fake, res.json.start);
        return res.json.invoiceId;
      });
      run.seat = { groups, invoices, bodies: invoices.map((id) => fake.notificationOf(id)) };
      return `${groups.length} groups of ${SEATS} seats, ${count} seats paid at the fake bank, their notifications held back for the burst`;
    },
    request: (i, run) => ({ path: '/api/payments/epay/notify', body: run.seat.bodies[i] }),
    key: (i, run) => run.seat.invoices[i],
    stored: async (query, run) => {
      const rows = await query(
        `select o.invoice_id from payment_orders o
          where o.invoice_id = any(string_to_array($1, ',')) and o.status = 'paid'
            and (select count(*) from group_seats s where s.order_id = o.id and s.status = 'paid') = 1
            and (select count(distinct l.txn_id) from ledger_entries l where l.order_id = o.id and l.kind = 'payment') = 1`,
        [run.seat.invoices.join(',')],
      );
      return new Set(rows.map((r) => String(r.invoice_id)));
    },
    verify: async (query, run) => {
      const problems = [];
      const twice = await query(
        `select o.invoice_id from payment_orders o where o.invoice_id = any(string_to_array($1, ','))
            and ((select count(*) from group_seats s where s.order_id = o.id) > 1
              or (select count(distinct l.txn_id) from ledger_entries l where l.order_id = o.id and l.kind = 'payment') > 1)`,
        [run.seat.invoices.join(',')],
      );
      if (twice.length) problems.push(`a seat order credited more than once: ${twice.map((r) => r.invoice_id).join(', ')}`);
      const over = await query(`select group_id, count(*)::int as n from group_seats where group_id = any(string_to_array($1, ',')::int[]) and status in ('held', 'paid') group by group_id having count(*) > ${SEATS}`, [run.seat.groups.join(',')]);
      if (over.length) problems.push(`groups oversold: ${over.map((r) => `${r.group_id} (${r.n})`).join(', ')}`);
      return problems;
    },
  },
];
