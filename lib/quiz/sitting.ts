import 'server-only';
import type { RequestContext } from '@/lib/api/context';
import { passCaptcha } from '@/lib/captcha/policy';
import { certificatePdf } from '@/lib/certificates/store';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import type { KazakhStartRequest } from '@/lib/validations/tests';
import { enforceLimits } from '@/lib/rate-limit';
import { certificateOfAttempt, checkKazakhStart, rosterLookup, saveAnswers, startKazakh, startPlacement } from './attempts';
import { startByInvitation } from './invitation';
import { limitKazakhByAddress, limitKazakhShared, limitPerIp, limitPerToken, limitPlacementByAddress } from './limits';

/** Who starts a test: the caller, and the signed-in user when there is one (asked only once the limits pass). */
type Starter = RequestContext & { userId: () => Promise<number | null> };

/** Starts an English placement test → {token, test}. */
export async function startPlacementTest(db: Db, input: { company?: string }, starter: Starter) {
  await limitPlacementByAddress(db, starter.ipHash);
  const { token, view } = await startPlacement(db, { company: input.company, userId: await starter.userId(), locale: starter.locale });
  return { token, test: view };
}

/**
 * Starts the Kazakh level test → {token, test}; once per IIN (409). Order matters: the address
 * limits, the captcha, the company and roster checks (404, 422), the shared caps, and only then
 * the once-per-IIN check, so a 409 costs as much as a start and counts against every limit. A
 * start naming no real company, or an IIN off a roster-only company's roster, never spends the
 * shared caps (security review M4: 200 such starts closed the test for everyone for the hour).
 */
export async function startKazakhTest(db: Db, input: KazakhStartRequest, starter: Starter) {
  await limitKazakhByAddress(db, starter);
  await passCaptcha(db, input, 'kazakh_test', starter.ip);
  await checkKazakhStart(db, input, appSecret());
  await limitKazakhShared(db, input.company);
  const { token, view } = await startKazakh(db, input, { userId: await starter.userId(), locale: starter.locale, secret: appSecret() });
  return { token, test: view };
}

/** Saves answers of the sitting behind `token` → {saved}; 400 saves per token in 10 minutes. */
export async function saveSittingAnswers(db: Db, token: string | null, input: Parameters<typeof saveAnswers>[2]) {
  await limitPerToken(db, token, 'save', 400);
  return saveAnswers(db, token, input);
}

/**
 * The certificate PDF of a finished Kazakh test. Rendered once and kept, so a download is a read;
 * a person still needs only a few: 20 per token and 20 per address in 10 minutes.
 */
export async function certificateDownload(db: Db, token: string | null, ipHash: string): Promise<{ number: string; pdf: Buffer }> {
  await limitPerToken(db, token, 'pdf', 20);
  await limitPerIp(db, ipHash, 'pdf', 20);
  const c = await certificateOfAttempt(db, token);
  return { number: c.number, pdf: await certificatePdf(db, c) };
}

/** Starts (or resumes) the test behind a personal invitation link → {token, test}; 30 per link and 20 per address in 10 minutes. */
export async function startInvitationTest(db: Db, token: string | null, input: { consent: string }, starter: Starter) {
  await limitPerToken(db, token, 'invite-start', 30);
  await limitPerIp(db, starter.ipHash, 'invite-start', 20);
  const { view } = await startByInvitation(db, token, input, { userId: await starter.userId(), locale: starter.locale });
  return { token, test: view };
}

/**
 * Roster-only entry form: is this IIN on the company's roster? The answer is yes/no and the listed
 * initials, never the names (security review L3: it turned an IIN into a name). Only a valid IIN
 * (the schema checks the checksum) is looked up, and few of them: 10 per address per 10 minutes,
 * and 300 per company per address range (/24, /64) per hour, so outsiders on other networks
 * cannot use up the look-ups of the company's own office (the form then falls back to typing).
 */
export async function checkRosterIin(db: Db, input: { company: string; iin: string }, ctx: { ipHash: string; rangeHash: string }) {
  await enforceLimits(db, [
    { key: `test:roster-check:ip:${ctx.ipHash}`, max: 10, windowSeconds: 600 },
    { key: `test:roster-check:company:${input.company}:range:${ctx.rangeHash}`, max: ROSTER_CHECK_RANGE_LIMIT, windowSeconds: 3600 },
  ]);
  return rosterLookup(db, input.company, input.iin, appSecret());
}

/** Roster look-ups per company from one address range (/24, /64) per hour. */
export const ROSTER_CHECK_RANGE_LIMIT = 300;
