// Vitest helpers for payments: the fake ePay over real HTTP, our notification route served over
// real HTTP for it to call, a tutor who can be bought from, and the hosted page's steps as a
// browser would take them (card data goes to the fake only).
import http from 'node:http';
import { NextRequest } from 'next/server';
import { tutorProfiles } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { saveSchedule } from '@/lib/lessons/availability';
import type { PaymentStart } from '@/lib/payments/provider';
import { scheduleSchema } from '@/lib/validations/booking';
import { emptyProfile } from '@/lib/validations/tutor-profile';
import { startFakeEpay, THREE_DS_CODE, type FakeEpay } from '@/scripts/fakes/epay.mjs';
import { insertTestUser } from './db';
import { call } from './staff';

export interface PaymentWorld {
  fake: FakeEpay;
  /** Our side's origin (the notification route served over HTTP). */
  origin: string;
  close(): Promise<void>;
}

/** Starts the fake and our notification route on loopback ports and points the settings at them. */
export async function startPaymentWorld(): Promise<PaymentWorld> {
  const fake = await startFakeEpay({ lateMs: 300 });
  const { POST: notify } = await import('@/app/api/payments/[provider]/notify/route');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      headers.set('x-forwarded-for', '127.0.0.1');
      const request = new NextRequest(`http://localhost${req.url}`, { method: req.method, headers, body: req.method === 'POST' ? Buffer.concat(chunks) : undefined });
      void (req.url?.startsWith('/api/payments/epay/notify') ? call(notify, request, { provider: 'epay' }) : Promise.resolve(new Response('{}', { status: 404 }))).then(async (r) => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(await r.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  Object.assign(process.env, fake.env, { PAYMENT_SITE_ORIGIN: origin });
  return {
    fake,
    origin,
    close: async () => {
      for (const k of [...Object.keys(fake.env), 'PAYMENT_SITE_ORIGIN']) delete process.env[k];
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await fake.close();
    },
  };
}

const everyDay = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [[8 * 60, 22 * 60]]]));

/** A bookable tutor with a published profile at `price` tenge a lesson. */
export async function purchasableTutor(db: Db, opts: { phone: string; price?: number; subjects?: string[] }): Promise<number> {
  const id = await insertTestUser(db, { role: 'tutor', scope: 'tutor tutor:bookable', phone: opts.phone, name: 'Дина', lastname: 'Ахметова', subject: 'english' });
  await saveSchedule(db, id, scheduleSchema.parse({ weekly: everyDay, daysOff: [], minNoticeHours: 12, horizonWeeks: 4 }));
  const profile = { ...emptyProfile(), price: opts.price ?? 6000, subjects: (opts.subjects ?? ['english']) as never, teachingLanguages: ['ru'] as never };
  await db.insert(tutorProfiles).values({ userId: id, slug: `dina-${id}`, draft: profile, published: profile, publishedAt: new Date() });
  return id;
}

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' as const });

/**
 * What a browser does on the fake's hosted page after `halyk.pay(paymentObject)`: opens the page,
 * types the card (and the 3-D Secure code when asked) or cancels. Returns where it is sent back.
 */
export async function payOnHostedPage(fake: FakeEpay, start: PaymentStart, card: string | 'cancel', code = THREE_DS_CODE): Promise<string | null> {
  const params = Buffer.from(JSON.stringify(start.paymentObject)).toString('base64');
  const page = await fetch(`${fake.url}/payform/?params=${encodeURIComponent(params)}`);
  if (page.status !== 200) throw new Error(`hosted page: ${page.status}`);
  await page.text();
  const invoiceId = String(start.paymentObject.invoiceId);
  const token = (start.paymentObject.auth as { access_token: string }).access_token;
  if (card === 'cancel') {
    const res = await fetch(`${fake.url}/payform/cancel?invoiceId=${invoiceId}&token=${token}`, { redirect: 'manual' });
    return res.headers.get('location');
  }
  const res = await fetch(`${fake.url}/payform/pay`, form({ invoiceId, token, pan: card, exp: '12/30', cvc: '123' }));
  if (res.status === 200) {
    await res.text();
    const confirmed = await fetch(`${fake.url}/payform/3ds`, form({ invoiceId, token, code }));
    return confirmed.headers.get('location');
  }
  return res.headers.get('location');
}

/** Waits until `check` holds (the notification arrives over HTTP, asynchronously). */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
