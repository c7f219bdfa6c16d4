import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '@/lib/db/schema';
import { processOutbox } from '@/lib/outbox';
import { issueCode } from '@/lib/sms/codes';
import { createSmsSender } from '@/lib/outbox/sms';
import { dbLabel, useTestDb } from '@/test/db';

const get = (query: string) => new NextRequest(`http://localhost/api/dev/outbox${query}`, { headers: { 'accept-language': 'en' } });
/** A moment just ahead: rows queued by the database clock (microseconds) are due by then. */
const soon = () => new Date(Date.now() + 1000);
type Listing = { messages: { recipient: string; body: string; code: string | null; status: string }[] };

describe(`GET /api/dev/outbox (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  beforeAll(async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterAll(async () => {
    delete process.env.ENABLE_DEV_TOOLS;
  });

  it('is not there without ENABLE_DEV_TOOLS', async () => {
    delete process.env.ENABLE_DEV_TOOLS;
    vi.resetModules();
    const { GET } = await import('./route');
    const res = await GET(get('?phone=%2B77011234567'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('with ENABLE_DEV_TOOLS: the SMS of a phone with its code while pending, and after the log driver sent it', async () => {
    process.env.ENABLE_DEV_TOOLS = 'true';
    vi.resetModules();
    const { GET } = await import('./route');
    const issued = await issueCode(t.db, { phone: '+7 701 999 00 01', purpose: 'register', ipHash: 'dev', locale: 'en' });
    if (!issued.ok) throw new Error(issued.reason);
    await issueCode(t.db, { phone: '+7 701 999 00 02', purpose: 'register', ipHash: 'dev' });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, issued.outboxId));
    const code = row!.body.match(/\d{6}/)![0];

    let listing = (await (await GET(get('?phone=8%20701%20999%2000%2001'))).json()) as Listing;
    expect(listing.messages).toHaveLength(1);
    expect(listing.messages[0]).toMatchObject({ recipient: '+77019990001', code, status: 'pending' });

    await processOutbox(t.db, { sms: createSmsSender(t.db, { driver: 'log', production: false, keepCodes: true }) }, soon());
    listing = (await (await GET(get('?phone=%2B77019990001'))).json()) as Listing;
    expect(listing.messages[0]).toMatchObject({ code, status: 'sent' });

    // Without a phone: every recent SMS, newest first.
    listing = (await (await GET(get(''))).json()) as Listing;
    expect(listing.messages.map((m) => m.recipient)).toEqual(['+77019990002', '+77019990001']);

    const bad = await GET(get('?phone=%2B79121234567'));
    expect(bad.status).toBe(422);
  });

  it('a redacting driver leaves no code to read once sent', async () => {
    const { GET } = await import('./route');
    const issued = await issueCode(t.db, { phone: '+7 701 999 00 03', purpose: 'reset', ipHash: 'dev' });
    if (!issued.ok) throw new Error(issued.reason);
    await processOutbox(t.db, { sms: createSmsSender(t.db, { driver: 'log', production: true, keepCodes: false }) }, soon());
    const listing = (await (await GET(get('?phone=%2B77019990003'))).json()) as Listing;
    expect(listing.messages[0]).toMatchObject({ status: 'sent', code: null });
    expect(listing.messages[0]!.body).toContain('******');
  });
});
