import { eq } from 'drizzle-orm';
import { CONSENT_VERSION } from '@/lib/consent';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { testAttempts } from '@/lib/db/schema';
import { KK_ITEMS } from '@/lib/quiz/bank-kk';
import { TEST_TOKEN_HEADER, type AttemptView } from '@/lib/quiz/attempts';
import { KAZAKH_RANGE_LIMIT } from '@/lib/quiz/limits';
import { dbLabel, useTestDb } from '@/test/db';
import { clockStandsStill, jsonRequest } from '@/test/http';
import { POST as kazakhPost } from './kazakh/route';
import { POST as finishPost } from './attempt/finish/route';
import { withConfirmedPhone } from '@/test/sms';

/**
 * The outside probe's attack on the Kazakh test's answer key, run against the route handlers:
 * start with a fresh checksum-valid IIN and a confirmed phone from an address in a fresh /24,
 * answer one item, finish, read what comes back; then sit once more answering with the best key the attacker could build.
 * Before the fix, 47 such sittings recovered every answer of the 60-item bank (the per-skill counts
 * told whether the single answer was right) and the next one scored 30/30 with a C1 certificate.
 *
 * ATTACK_ATTEMPTS sets the number of probing sittings: 300 by default, six times the 47 that broke
 * the key before the fix, and more than the bank's 240 (item, option) pairs, so every pair is
 * probed at least once (ATTACK_ATTEMPTS=1000 for the outside probe's full run).
 */
const ATTEMPTS = Number(process.env.ATTACK_ATTEMPTS ?? 300);

type Started = { token: string; test: AttemptView };
const BANK = new Map(KK_ITEMS.map((item) => [item.id, item]));

let serial = 200_000;
/** A fresh checksum-valid IIN (born 1985-05-05): what the probe generated for free. */
function freshIin(): string {
  for (;;) {
    const first11 = `850505${String(serial++).padStart(5, '0').slice(-5)}`;
    const d = [...first11].map(Number);
    let s = d.reduce((sum, x, i) => sum + (i + 1) * x, 0) % 11;
    if (s === 10) s = d.reduce((sum, x, i) => sum + [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][i]! * x, 0) % 11;
    if (s !== 10) return first11 + s;
  }
}

/** Attempt i comes from its own /24: no address and no range is used twice. */
const spreadIp = (i: number) => `${11 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}.${1 + (i % 250)}`;
const entry = (iin: string) => ({ firstName: 'Probe', lastName: 'Bot', iin, workerCode: 'X1', consent: CONSENT_VERSION });

function finishRequest(token: string, answers: Record<string, number>) {
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': 'en', [TEST_TOKEN_HEADER]: token });
  return new NextRequest('http://localhost/api/tests/attempt/finish', { method: 'POST', headers, body: JSON.stringify({ answers }) });
}

/** What the attacker reads: the answer without what it echoes back (items, own answers, token). */
const observed = (test: AttemptView) => JSON.stringify({ status: test.status, result: test.result, certificate: test.certificate });

describe(`the Kazakh answer-key attack over HTTP (${dbLabel()})`, () => {
  const t = useTestDb({ asAppDb: true });
  // No counter shared by everyone limits this attacker (design.md, "The Kazakh test's level"): each
  // sitting costs a fresh IIN, an address in a fresh /24 and a phone confirmed by SMS (a SIM of its
  // own, one sitting a year); here the phones are given, to show that even that many teach nothing.

  it(`${ATTEMPTS} single-item probes learn nothing, and a sitting with the recovered key scores no better than guessing`, async () => {
    const started = Date.now();
    // The attacker's notes: item id → option text → what came back; and, for the assertions only,
    // whether each probe was in fact right.
    const notes = new Map<string, Map<string, string[]>>();
    const byTruth = { right: new Set<string>(), wrong: new Set<string>() };
    const probes = { right: 0, wrong: 0 };

    for (let i = 0; i < ATTEMPTS; i++) {
      const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip: spreadIp(i) }));
      expect(res.status).toBe(201);
      const { token, test } = (await res.json()) as Started;
      // Probe the (item, option) this attacker has tried least.
      let best: { id: string; choice: number; tries: number } | null = null;
      for (const item of test.items) {
        item.options.forEach((text, choice) => {
          const tries = notes.get(item.id)?.get(text)?.length ?? 0;
          if (!best || tries < best.tries) best = { id: item.id, choice, tries };
        });
      }
      const probe = best as unknown as { id: string; choice: number };
      const text = test.items.find((x) => x.id === probe.id)!.options[probe.choice]!;
      const done = ((await (await finishPost(finishRequest(token, { [probe.id]: probe.choice }))).json()) as { test: AttemptView }).test;
      const seen = observed(done);
      const perItem = notes.get(probe.id) ?? new Map<string, string[]>();
      perItem.set(text, [...(perItem.get(text) ?? []), seen]);
      notes.set(probe.id, perItem);
      const full = BANK.get(probe.id)!;
      const right = full.options[full.answer] === text;
      byTruth[right ? 'right' : 'wrong'].add(seen);
      probes[right ? 'right' : 'wrong']++;
    }
    const seconds = (Date.now() - started) / 1000;

    // Zero information: a right single answer and a wrong one come back exactly alike.
    expect(probes.right).toBeGreaterThan(0);
    expect(probes.wrong).toBeGreaterThan(0);
    expect(byTruth.right).toEqual(byTruth.wrong);
    expect(byTruth.right.size).toBe(1);
    const only = JSON.parse([...byTruth.right][0]!) as { result: AttemptView['result']; certificate: unknown };
    expect(only).toEqual({ status: 'finished', result: { determined: false, level: null, levelName: null, levelReached: false, minAnswers: 20 }, certificate: null });

    // The attacker's best key: per item, the option whose answers looked best. Every answer looked
    // the same, so the choice falls back to the first option it tried: no better than a guess.
    const key = new Map<string, string>();
    for (const [id, options] of notes) {
      const ranked = [...options.entries()].sort((a, b) => (b[1].some((o) => o.includes('"determined":true')) ? 1 : 0) - (a[1].some((o) => o.includes('"determined":true')) ? 1 : 0));
      key.set(id, ranked[0]![0]);
    }
    const known = [...key].filter(([id, text]) => {
      const full = BANK.get(id)!;
      return full.options[full.answer] === text;
    }).length;
    const accuracy = known / key.size;
    // Four options: a guess is right a quarter of the time; half would need a real leak (p < 1e-5).
    expect(accuracy).toBeLessThan(0.5);

    // One more sitting, answered with that key (a guess where the key has no entry).
    const res = await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip: spreadIp(ATTEMPTS) }));
    const { token, test } = (await res.json()) as Started;
    const answers = Object.fromEntries(test.items.map((item) => [item.id, Math.max(0, item.options.indexOf(key.get(item.id) ?? item.options[0]!))]));
    const final = ((await (await finishPost(finishRequest(token, answers))).json()) as { test: AttemptView }).test;
    const [row] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, (await t.db.select({ id: testAttempts.id }).from(testAttempts)).reduce((m, r) => Math.max(m, r.id), 0)));
    // Chance level: 30 four-option items give 7.5 right on average; 17 or more happens with p ≈ 2e-5.
    expect(row!.result!.correct).toBeLessThanOrEqual(16);
    // Before the fix: 30/30 and C1. A guess reaches B2 with p < 2e-4.
    expect(['B2', 'C1']).not.toContain(final.result?.level);
    expect(['B2', 'C1']).not.toContain(final.certificate?.level);

    console.info(
      `attack: ${ATTEMPTS} probing sittings in ${seconds.toFixed(1)} s; ${probes.right} right and ${probes.wrong} wrong probes, one response for all; ` +
        `key for ${key.size} of ${KK_ITEMS.length} items, ${(accuracy * 100).toFixed(1)} % right (a guess: 25 %); ` +
        `final sitting ${row!.result!.correct}/30, level ${final.result?.level ?? 'none'}`,
    );
  }, 600_000);

  it(`the per-range limit stops one /24 after ${KAZAKH_RANGE_LIMIT.max} starts an hour, whatever its addresses`, async () => {
    clockStandsStill(); // one fixed rate-limit window for every call below
    const statuses: number[] = [];
    for (let i = 0; i <= KAZAKH_RANGE_LIMIT.max; i++) {
      statuses.push((await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip: `198.51.100.${i + 1}` }))).status);
    }
    expect(statuses.slice(0, KAZAKH_RANGE_LIMIT.max)).toEqual(Array(KAZAKH_RANGE_LIMIT.max).fill(201));
    expect(statuses.at(-1)).toBe(429);
    // A neighbouring range is not affected.
    expect((await kazakhPost(jsonRequest('/api/tests/kazakh', await withConfirmedPhone(t.db, entry(freshIin())), { ip: '198.51.101.1' }))).status).toBe(201);
  });
});
