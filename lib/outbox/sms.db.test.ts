import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { maskPhone } from '@/lib/mask';
import { outbox } from '@/lib/db/schema';
import { enqueue, MAX_ATTEMPTS, processOutbox } from './index';
import { dbLabel, useTestDb } from '@/test/db';
import { startFakeSmsGateway, type FakeSmsMode } from '@/test/fake-sms-gateway';
import { issueCode, verifyCode } from '@/lib/sms/codes';
import { createSmsSender, settleSmsOutbox, type SmsDriverConfig } from './sms';
import { codeInBody } from './sms-code';

const API_KEY = 'kz-test-api-key-0123456789';
const LOGIN = 'tilmen';
const PASSWORD = 'smsc-secret-pass';

/** A moment just ahead: rows queued by the database clock (microseconds) are due by then. */
const soon = () => new Date(Date.now() + 1000);

let phoneSeq = 0;
/** A new Kazakh mobile for every message, so the per-phone limits never meet. */
const nextPhone = () => `+7775${String(10_000_000 + ++phoneSeq).slice(1)}`;

describe(`SMS gateways through the outbox (${dbLabel()})`, () => {
  const t = useTestDb();
  let gw: Awaited<ReturnType<typeof startFakeSmsGateway>>;
  beforeAll(async () => {
    gw = await startFakeSmsGateway({ apiKey: API_KEY, login: LOGIN, password: PASSWORD });
  });
  afterAll(async () => {
    await gw.close();
  });
  afterEach(() => {
    gw.state.mode = 'ok';
    vi.restoreAllMocks();
  });

  const drivers: Record<'mobizon' | 'smsc', SmsDriverConfig> = {
    mobizon: { driver: 'mobizon', baseUrl: '', apiKey: API_KEY, sender: 'Tilmen' },
    smsc: { driver: 'smsc', baseUrl: '', login: LOGIN, password: PASSWORD, sender: 'Tilmen' },
  };
  const config = (name: 'mobizon' | 'smsc', extra: object = {}) => ({ ...drivers[name], baseUrl: gw.url, ...extra }) as SmsDriverConfig;

  async function queueCode(locale: 'ru' | 'kk' | 'en' = 'ru') {
    const phone = nextPhone();
    const r = await issueCode(t.db, { phone, purpose: 'register', ipHash: `ip-${phone}`, locale });
    if (!r.ok) throw new Error(r.reason);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, r.outboxId));
    return { phone, id: r.outboxId, code: codeInBody(row!.body)! };
  }
  const row = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

  it('Mobizon: posts recipient digits, text and sender with the API key, then redacts the stored code', async () => {
    const { phone, id, code } = await queueCode('kk');
    const send = createSmsSender(t.db, config('mobizon'));
    expect(await processOutbox(t.db, { sms: send }, soon())).toMatchObject({ sent: 1, failed: 0 });
    const got = gw.messages.at(-1)!;
    expect(got).toMatchObject({ provider: 'mobizon', to: phone.slice(1), sender: 'Tilmen', text: `Tilmen: сіздің кодыңыз ${code}. Оны ешкімге айтпаңыз.` });
    expect(Object.fromEntries(got.query)).toEqual({ output: 'json', api: 'v1', apiKey: API_KEY });
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, body: 'Tilmen: сіздің кодыңыз ******. Оны ешкімге айтпаңыз.' });
    // Redacting the message does not touch the code itself.
    expect(await verifyCode(t.db, { phone, purpose: 'register', code })).toEqual({ status: 'ok' });
  });

  it('SMSC.kz: posts login, password, phones, mes, sender, fmt=3 and utf-8, then redacts the stored code', async () => {
    const { phone, id, code } = await queueCode('en');
    const send = createSmsSender(t.db, config('smsc'));
    expect(await processOutbox(t.db, { sms: send }, soon())).toMatchObject({ sent: 1 });
    const got = gw.messages.at(-1)!;
    expect(got).toMatchObject({ provider: 'smsc', to: phone.slice(1), sender: 'Tilmen', text: `Tilmen: your code ${code}. Do not share it with anyone.` });
    expect(Object.fromEntries(got.form)).toMatchObject({ login: LOGIN, psw: PASSWORD, fmt: '3', charset: 'utf-8' });
    expect((await row(id)).body).toBe('Tilmen: your code ******. Do not share it with anyone.');
  });

  const failures: [FakeSmsMode, RegExp, RegExp][] = [
    ['http-error', /^mobizon: HTTP 503$/, /^smsc: HTTP 503$/],
    ['refuse', /^mobizon: code 4: Not enough money/, /^smsc: error_code 3: not enough money/],
    ['garbage', /^mobizon: the answer is not JSON$/, /^smsc: the answer is not JSON$/],
  ];
  for (const [mode, mobizonError, smscError] of failures) {
    for (const name of ['mobizon', 'smsc'] as const) {
      it(`${name}, gateway ${mode}: the message stays pending with its code, is retried later, sent once, then redacted`, async () => {
        const { id, code } = await queueCode();
        const send = createSmsSender(t.db, config(name));
        gw.state.mode = mode;
        const now = soon();
        expect(await processOutbox(t.db, { sms: send }, now)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
        let stored = await row(id);
        expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
        expect(stored.lastError).toMatch(name === 'mobizon' ? mobizonError : smscError);
        expect(stored.lastError).not.toContain(API_KEY);
        expect(stored.lastError).not.toContain(PASSWORD);
        expect(stored.body).toContain(code);
        // Not due yet: nothing is sent early.
        expect((await processOutbox(t.db, { sms: send }, now)).claimed).toBe(0);

        gw.state.mode = 'ok';
        const before = gw.messages.length;
        expect(await processOutbox(t.db, { sms: send }, new Date(now.getTime() + 31_000))).toMatchObject({ sent: 1 });
        stored = await row(id);
        expect(stored).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
        expect(stored.body).not.toContain(code);
        expect(gw.messages.length - before).toBe(1);
        expect(gw.messages.at(-1)!.text).toContain(code);
      });
    }
  }

  it('a gateway that does not answer times out and the message is retried', async () => {
    const { id } = await queueCode();
    const send = createSmsSender(t.db, config('mobizon', { timeoutMs: 300 }));
    gw.state.mode = 'hang';
    const now = soon();
    expect(await processOutbox(t.db, { sms: send }, now)).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'pending', lastError: 'mobizon: no answer within 300 ms' });
    gw.state.mode = 'ok';
    expect(await processOutbox(t.db, { sms: send }, new Date(now.getTime() + 31_000))).toMatchObject({ sent: 1 });
  });

  it('a wrong API key or password is a failure too, and the code is redacted when the outbox gives up', async () => {
    const { id, code } = await queueCode();
    await t.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(outbox.id, id));
    const send = createSmsSender(t.db, config('smsc', { password: 'wrong' }));
    await processOutbox(t.db, { sms: send }, new Date(Date.now() + 10 * 3600_000));
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'smsc: error_code 2: authorise error' });
    expect(stored.body).not.toContain(code);
    expect(stored.body).toContain('******');
  });

  it('never calls a gateway for a number that is not a Kazakh mobile, nor for a redacted body', async () => {
    const send = createSmsSender(t.db, config('mobizon'));
    const foreign = await enqueue(t.db, { channel: 'sms', recipient: '+79121234567', subject: null, body: 'Tilmen: your code 123456.' });
    const redacted = await enqueue(t.db, { channel: 'sms', recipient: nextPhone(), subject: null, body: 'Tilmen: your code ******.' });
    const requests = gw.requests();
    expect(await processOutbox(t.db, { sms: send }, soon())).toMatchObject({ sent: 0, failed: 2 });
    expect(gw.requests()).toBe(requests);
    expect((await row(foreign)).lastError).toBe('refused: not a Kazakh mobile number');
    expect((await row(redacted)).lastError).toMatch(/carries no code/);
    await t.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.channel, 'sms'));
  });

  it('a notice (a body that never had a code, e.g. a review decision) is delivered, whatever its age, and never given up as an expired code', async () => {
    const body = 'Tilmen: ваша анкета репетитора одобрена! Что дальше — в личном кабинете: https://tilmen.kz/cabinet';
    const id = await enqueue(t.db, { channel: 'sms', recipient: nextPhone(), subject: null, body });
    await t.db.update(outbox).set({ createdAt: new Date(Date.now() - 3600_000) }).where(eq(outbox.id, id));
    expect(await settleSmsOutbox(t.db, { redact: true })).toEqual({ expired: 0 });
    expect(await row(id)).toMatchObject({ status: 'pending' });
    const send = createSmsSender(t.db, config('smsc'));
    expect(await processOutbox(t.db, { sms: send }, soon())).toMatchObject({ sent: 1, failed: 0 });
    expect(gw.messages.at(-1)!.text).toBe(body);
    expect(await row(id)).toMatchObject({ status: 'sent', body });
  });

  it('gives up a code that could not be delivered within its lifetime and redacts it', async () => {
    const { id, code } = await queueCode();
    await t.db.update(outbox).set({ createdAt: new Date(Date.now() - 6 * 60_000) }).where(eq(outbox.id, id));
    const send = createSmsSender(t.db, config('mobizon'));
    const requests = gw.requests();
    expect(await processOutbox(t.db, { sms: send }, soon())).toMatchObject({ failed: 1 });
    expect(gw.requests()).toBe(requests);
    expect(await settleSmsOutbox(t.db, { redact: true })).toEqual({ expired: 1 });
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'failed', lastError: 'the code expired before it could be delivered' });
    expect(stored.body).not.toContain(code);
  });

  it('the settle pass redacts delivered codes for a redacting driver and keeps them for the log driver', async () => {
    const id = await enqueue(t.db, { channel: 'sms', recipient: nextPhone(), subject: null, body: 'Tilmen: your code 654321.' });
    await t.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, id));
    await settleSmsOutbox(t.db, { redact: false });
    expect((await row(id)).body).toBe('Tilmen: your code 654321.');
    await settleSmsOutbox(t.db, { redact: true });
    expect((await row(id)).body).toBe('Tilmen: your code ******.');
  });

  it('log driver in production: prints the masked recipient only (I4) and redacts the stored code', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { phone, id, code } = await queueCode();
    await processOutbox(t.db, { sms: createSmsSender(t.db, { driver: 'log', production: true, keepCodes: false }) }, soon());
    const printed = info.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('[sms:log]'));
    expect(printed).toEqual([`[sms:log] to=${maskPhone(phone)}`]);
    expect(printed.join()).not.toContain(phone);
    expect(printed.join()).not.toContain(code);
    expect(await row(id)).toMatchObject({ status: 'sent' });
    expect((await row(id)).body).not.toContain(code);
  });

  it('log driver in development: prints the message and keeps a copy for GET /api/dev/outbox', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { phone, id, code } = await queueCode();
    await processOutbox(t.db, { sms: createSmsSender(t.db, { driver: 'log', production: false, keepCodes: true }) }, soon());
    expect(info.mock.calls.map((c) => String(c[0]))).toContain(`[sms:log] to=${phone} Tilmen: ваш код ${code}. Никому его не сообщайте.`);
    expect(await row(id)).toMatchObject({ status: 'sent' });
    expect((await row(id)).body).toContain(code);
  });
});
