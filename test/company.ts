import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { companies, outbox } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { createHrUser, setPasswordByLink } from '@/lib/company-portal/accounts';
import { openCompanySession } from '@/lib/company-portal/sessions';
import { iinCheckDigit } from '@/lib/iin';
import { nextIp } from './http';

const SYSTEM = { kind: 'system' as const, id: null, label: 'test', ipHash: null };

export async function insertCompany(db: Db, slug: string, name = `Company ${slug}`): Promise<number> {
  const [row] = await db.insert(companies).values({ slug, name }).returning({ id: companies.id });
  return row!.id;
}

/** The set-password token of the last link mailed to an address (the outbox, as the HR person's inbox). */
export async function mailedLinkToken(db: Db, email: string): Promise<string> {
  const [mail] = await db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email))).orderBy(desc(outbox.id)).limit(1);
  const token = mail?.body.match(/#([\w-]{20,100})/)?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
}

/** The last SMS code sent to a phone. */
export async function smsCodeFor(db: Db, phone: string): Promise<string> {
  const [sms] = await db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone))).orderBy(desc(outbox.id)).limit(1);
  const code = sms?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/**
 * An HR person of a company who set the password through the mailed link, with a live session
 * cookie (opened directly: the second factor of the sign-in is tested in access.db.test.ts).
 */
export async function hrUser(db: Db, opts: { companyId: number; email: string; phone: string; name?: string; password?: string }) {
  const { id } = await createHrUser(db, SYSTEM, opts.companyId, { email: opts.email, phone: opts.phone, name: opts.name ?? 'Динара Ахметова', locale: 'ru' });
  const token = await mailedLinkToken(db, opts.email);
  await setPasswordByLink(db, { token, password: opts.password ?? 'Hr-Passw0rd!', ipHash: 'test' });
  const session = await openCompanySession(db, id, 'test');
  return { id, cookie: `tilmen_company=${session}` };
}

/** A portal call as the browser makes it: same-origin, with the HR cookie (if any). */
export function companyRequest(path: string, opts: { method?: string; body?: unknown; cookie?: string; locale?: string; ip?: string } = {}): NextRequest {
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': opts.ip ?? nextIp(), origin: 'http://localhost' });
  if (opts.cookie) headers.set('cookie', opts.cookie);
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  return new NextRequest(`http://localhost${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

/** A multipart upload as the browser sends it, with the HR cookie. */
export function uploadRequest(path: string, file: { data: Buffer | string; name: string }, opts: { cookie?: string; locale?: string; fields?: Record<string, string> } = {}): NextRequest {
  const form = new FormData();
  const bytes = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : new Uint8Array(file.data);
  form.set('file', new Blob([bytes]), file.name);
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.set(k, v);
  const headers = new Headers({ 'accept-language': opts.locale ?? 'ru', 'x-forwarded-for': nextIp(), origin: 'http://localhost' });
  if (opts.cookie) headers.set('cookie', opts.cookie);
  return new NextRequest(`http://localhost${path}`, { method: 'POST', headers, body: form });
}

/** An XLSX roster: a header row and rows of cells (numbers stay numbers, as Excel stores them). */
export async function rosterXlsx(rows: (string | number | null)[][], header = ['Фамилия', 'Имя', 'ИИН', 'Код должности', 'Подразделение', 'Телефон', 'E-mail']): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Staff');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The n-th valid IIN of a made-up birth date range (check digit computed, as lib/iin checks it). */
export function validIin(n: number): string {
  for (let k = n * 13; ; k++) {
    const first11 = `8501013${String(k % 10000).padStart(4, '0')}`;
    const check = iinCheckDigit([...first11].map(Number));
    if (check !== null) return `${first11}${check}`;
  }
}

/**
 * A Kazakh test taken through a company's link by the real flow (start, answer every item with its
 * first option, finish): a finished sitting with a certificate. `finish: false` leaves it started.
 */
export async function takeKazakhTest(db: Db, input: { company: string; iin: string; lastName: string; firstName: string; finish?: boolean }) {
  const { startKazakh, finishAttempt, hashTestPhone } = await import('@/lib/quiz/attempts');
  const { appSecret } = await import('@/lib/env');
  // Off a roster-only company's roster the sitting is public: a phone of its own, as if confirmed.
  const phoneHash = hashTestPhone(`+7700${input.iin.slice(-7)}`, appSecret());
  const { token, view } = await startKazakh(
    db,
    { firstName: input.firstName, lastName: input.lastName, iin: input.iin, workerCode: 'W-1', company: input.company, consent: 'test' },
    { locale: 'ru', secret: appSecret(), phoneHash },
  );
  if (input.finish === false) return { token, view };
  const answers = Object.fromEntries(view.items.map((item) => [item.id, 0]));
  return { token, view: await finishAttempt(db, token, { answers }, 'ru') };
}
