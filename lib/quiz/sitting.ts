import 'server-only';
import type { RequestContext } from '@/lib/api/context';
import { passCaptcha } from '@/lib/captcha/policy';
import { certificatePdf } from '@/lib/certificates/store';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import type { KazakhStartRequest } from '@/lib/validations/tests';
import { enforceLimits } from '@/lib/rate-limit';
import { ApiError } from '@/lib/api/errors';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import { certificateOfAttempt, checkKazakhStart, hashTestPhone, rosterLookup, saveAnswers, startKazakh, startPlacement } from './attempts';
import { startByInvitation } from './invitation';
import { limitKazakhByAddress, limitPerIp, limitPerToken, limitPlacementByAddress } from './limits';

/** Who starts a test: the caller, and the signed-in user when there is one (asked only once the limits pass). */
type Starter = RequestContext & { userId: () => Promise<number | null> };

/** Starts an English placement test → {token, test}. */
export async function startPlacementTest(db: Db, input: { company?: string }, starter: Starter) {
  await limitPlacementByAddress(db, starter.ipHash);
  const { token, view } = await startPlacement(db, { company: input.company, userId: await starter.userId(), locale: starter.locale });
  return { token, test: view };
}

/**
 * Starts the Kazakh level test → {token, test}; once per IIN and, for a public sitting, once per
 * confirmed phone in 12 months (409). Order matters: the address limits (per address and per
 * network), the captcha, the company and roster checks (404, 422), the SMS code of a public sitting
 * (422), and only then the once-per-IIN and once-per-phone checks. No counter is shared by everyone
 * (design.md, "The Kazakh test's level"): what one actor can start is bounded by its networks and by
 * the phones it can confirm, so nobody can close the test for the others (the earlier school-wide
 * hourly cap could be spent by one attacker from many addresses).
 *
 * A public sitting is one not matched on a roster-only company's roster (the public page, an open
 * company's page): the roster is an identity, a free IIN is not, a confirmed phone costs a SIM.
 */
export async function startKazakhTest(db: Db, input: KazakhStartRequest, starter: Starter) {
  await limitKazakhByAddress(db, starter);
  await passCaptcha(db, input, 'kazakh_test', starter.ip);
  const { employee } = await checkKazakhStart(db, input, appSecret());
  let phoneHash: string | null = null;
  if (!employee) {
    if (!input.phone || !input.smsCode) {
      throw new ApiError(422, 'validation_failed', { ...(input.phone ? {} : { phone: 'required' }), ...(input.smsCode ? {} : { smsCode: 'required' }) });
    }
    const code = await verifyCode(db, { phone: input.phone, purpose: 'kazakh_test', code: input.smsCode, ipHash: starter.ipHash });
    if (code.status !== 'ok') throw smsVerifyError(code, 'smsCode');
    phoneHash = hashTestPhone(input.phone, appSecret());
  }
  const { token, view } = await startKazakh(db, input, { userId: await starter.userId(), locale: starter.locale, secret: appSecret(), phoneHash });
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
