import 'server-only';
import type { RequestContext } from '@/lib/api/context';
import { passCaptcha } from '@/lib/captcha/policy';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { enforceLimits } from '@/lib/rate-limit';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import type { LeadRequest } from '@/lib/validations/lead';
import { createLead } from './create';

/** Per address 10 in 10 minutes; per phone 3 an hour. */
export const LEAD_LIMITS = { perIp: { max: 10, windowSeconds: 600 }, perPhone: { max: 3, windowSeconds: 3600 } } as const;

/**
 * A lead from a site form: the limits, then the captcha (a captcha outage must not cost us a real
 * visitor's request: it is stored, and said in the log), then the lead with its utm attribution
 * and the staff e-mail.
 */
export async function submitLead(db: Db, input: LeadRequest, caller: RequestContext): Promise<{ id: number }> {
  await enforceLimits(db, [
    { key: `lead:ip:${caller.ipHash}`, ...LEAD_LIMITS.perIp },
    { key: `lead:phone:${input.phone}`, ...LEAD_LIMITS.perPhone },
  ]);
  await passCaptcha(db, input, 'lead', caller.ip);
  const lead = await createLead(db, input, { ...caller, staffEmail: env().STAFF_EMAIL });
  runAfterResponse(kickOutbox);
  return lead;
}
