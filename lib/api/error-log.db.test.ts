import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captchaTokens } from '@/lib/db/schema';
import { dbLabel, useTestDb } from '@/test/db';
import { errorResponse } from './errors';
import { errorForLog } from './error-log';

const TOKEN_HASH = 'a3f1c9e07b5d4e2f8a6b1c3d5e7f9a0b2c4d6e8fa1b3c5d7e9f0a2b4c6d8e0f1';
const SEED = 'test-seed-Zq8vX2';

describe(`unexpected errors are logged without query parameters (${dbLabel()})`, () => {
  const t = useTestDb();
  afterEach(() => vi.restoreAllMocks());

  async function failure(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (err) {
      return err;
    }
    throw new Error('the query was expected to fail');
  }

  /** What errorResponse writes to the log for `err`, and its status. */
  async function logged(err: unknown) {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = errorResponse(err, 'ru');
    const line = spy.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
    return { line, status: res.status, body: await res.text() };
  }

  it('a unique violation: the token hash stays out of the log, the SQLSTATE and constraint are in it', async () => {
    await t.db.insert(captchaTokens).values({ tokenHash: TOKEN_HASH });
    const err = await failure(() => t.db.insert(captchaTokens).values({ tokenHash: TOKEN_HASH }));
    // The premise: Drizzle's own message carries the parameter.
    expect(String((err as Error).message)).toContain(TOKEN_HASH);
    const { line, status, body } = await logged(err);
    expect(status).toBe(500);
    expect(line).toContain('[api] unexpected error:');
    expect(line).toContain('DrizzleQueryError');
    expect(line).toContain('SQLSTATE 23505');
    expect(line).toContain('captcha_tokens');
    expect(line).not.toContain(TOKEN_HASH);
    expect(line).not.toContain(TOKEN_HASH.slice(0, 16));
    expect(line).not.toMatch(/params:/i);
    expect(body).not.toContain(TOKEN_HASH);
  });

  it('a bad cast: the value PostgreSQL quotes in its message is blanked too', async () => {
    const err = await failure(() => t.db.execute(sql`select ${SEED}::int as n`));
    const { line } = await logged(err);
    expect(line).toContain('SQLSTATE 22P02');
    expect(line).not.toContain(SEED);
  });

  it('the same holds when the query error is wrapped in another error', async () => {
    const inner = await failure(() => t.db.execute(sql`select ${SEED}::int as n, ${TOKEN_HASH} as h`));
    const err = new Error('seeding failed', { cause: inner });
    const line = errorForLog(err);
    expect(line).toContain('seeding failed');
    expect(line).toContain('SQLSTATE 22P02');
    expect(line).not.toContain(SEED);
    expect(line).not.toContain(TOKEN_HASH);
    // A bare message in Drizzle's format (e.g. re-thrown as text) loses its params line.
    expect(errorForLog(`Failed query: select $1\nparams: ${TOKEN_HASH}`)).not.toContain(TOKEN_HASH);
  });

  it('other errors keep their class and message', () => {
    expect(errorForLog(new TypeError('x is not a function'))).toBe('TypeError: x is not a function');
  });
});
