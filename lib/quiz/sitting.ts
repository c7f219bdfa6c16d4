import 'server-only';
import type { RequestContext } from '@/lib/api/context';
import { passCaptcha } from '@/lib/captcha/policy';
import { certificatePdf } from '@/lib/certificates/store';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import type { KazakhStartRequest } from '@/lib/validations/tests';
import { enforceLimits } from '@/lib/rate-limit';
import { certificateOfAttempt, rosterLookup, saveAnswers, startKazakh, startPlacement } from './attempts';
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
 * limits, the captcha and the shared caps, and only then the once-per-IIN check, so a 409 costs as
 * much as a start and counts against every limit.
 */
export async function startKazakhTest(db: Db, input: KazakhStartRequest, starter: Starter) {
  await limitKazakhByAddress(db, starter);
  await passCaptcha(db, input, 'kazakh_test', starter.ip);
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
 * Roster-only entry form: is this IIN on the company's roster, and under which names? Only a valid
 * IIN (the schema checks the checksum) is looked up, and few of them: 10 per address per 10
 * minutes and 300 per company per hour, enough for a room of employees, far too few to harvest
 * names by trying IINs (a valid IIN is 1 in 10 of a birth date's range). The answer is the names
 * the employee is about to confirm anyway; a company that is not roster-only answers nothing.
 */
export async function checkRosterIin(db: Db, input: { company: string; iin: string }, ctx: { ipHash: string }) {
  await enforceLimits(db, [
    { key: `test:roster-check:ip:${ctx.ipHash}`, max: 10, windowSeconds: 600 },
    { key: `test:roster-check:company:${input.company}`, max: 300, windowSeconds: 3600 },
  ]);
  return rosterLookup(db, input.company, input.iin, appSecret());
}
