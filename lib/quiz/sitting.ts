import 'server-only';
import type { RequestContext } from '@/lib/api/context';
import { passCaptcha } from '@/lib/captcha/policy';
import { certificatePdf } from '@/lib/certificates/store';
import type { Db } from '@/lib/db/types';
import { appSecret } from '@/lib/env';
import type { KazakhStartRequest } from '@/lib/validations/tests';
import { certificateOfAttempt, saveAnswers, startKazakh, startPlacement } from './attempts';
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
