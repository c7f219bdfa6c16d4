import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { outbox, rateLimits } from '@/lib/db/schema';
import { enqueue } from '@/lib/outbox';
import { dbLabel, useTestDb } from '@/test/db';
import { runBackgroundPass } from '@/lib/runtime/background';
import { kickOutbox } from '@/lib/outbox/kick';
import { pruneTables, startBackgroundWork, stopBackgroundWork } from './services';

describe(`background passes (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  const errors = vi.spyOn(console, 'error');
  afterEach(() => errors.mockClear());
  afterAll(async () => {
    errors.mockRestore();
  });

  it('sends the outbox and prunes on the app database, logging real failures', async () => {
    await enqueue(t.db, { channel: 'email', recipient: 'sales@tilmen.kz', subject: 'Lead', body: 'x' });
    await kickOutbox();
    const [row] = await t.db.select().from(outbox);
    expect(row?.status).toBe('sent');

    await t.db.insert(rateLimits).values({ key: 'old', windowStart: new Date('2026-01-01T00:00:00Z'), count: 1 });
    await pruneTables(new Date('2026-01-03T00:00:00Z'));
    expect(await t.db.$count(rateLimits)).toBe(0);

    await runBackgroundPass('outbox', async () => {
      throw new Error('gateway down');
    });
    expect(errors).toHaveBeenCalledWith('[outbox] pass failed:', expect.anything());
  });

  it('stopBackgroundWork waits for the pass under way and starts no other', async () => {
    startBackgroundWork({ outboxPollMs: 3_600_000 });
    let finish!: () => void;
    let finished = false;
    const pass = runBackgroundPass('slow', () => new Promise<void>((resolve) => (finish = resolve)));
    const stopping = stopBackgroundWork().then(() => expect(finished).toBe(true));
    await new Promise((resolve) => setImmediate(resolve));
    finished = true;
    finish();
    await Promise.all([pass, stopping]);

    const work = vi.fn(async () => {});
    await runBackgroundPass('outbox', work);
    await kickOutbox();
    expect(work).not.toHaveBeenCalled();

    startBackgroundWork({ outboxPollMs: 3_600_000 }); // on again (the server's start)
    await runBackgroundPass('outbox', work);
    expect(work).toHaveBeenCalledTimes(1);
    await stopBackgroundWork();
  });

  it('a pass whose database closes under it, or after it, stops without an error', async () => {
    // As at the end of a suite or a server's shutdown: passes under way (the start's clean-up, an
    // after-response kick of the outbox) when the database closes.
    startBackgroundWork({ outboxPollMs: 3_600_000 });
    await enqueue(t.db, { channel: 'email', recipient: 'late@tilmen.kz', subject: 'Lead', body: 'x' });
    const kicked = kickOutbox();
    const closedMidPass = runBackgroundPass('closing', async (db) => {
      await db.select().from(outbox);
    });
    await Promise.all([kicked, closedMidPass]);
    await kickOutbox(); // and passes that start after the close
    await pruneTables();
    await stopBackgroundWork();
    expect(errors).not.toHaveBeenCalled();
  });
});
