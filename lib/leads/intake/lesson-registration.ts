import 'server-only';
import type { z } from 'zod';
import type { RequestContext } from '@/lib/api/context';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { runAfterResponse } from '@/lib/api/after';
import { kickOutbox } from '@/lib/outbox/kick';
import { verifyCode } from '@/lib/sms/codes';
import { smsVerifyError } from '@/lib/sms/errors';
import type { lessonRegistrationSchema } from '@/lib/validations/registration';
import { createLead } from './create';

/** The short registration to enter a lesson: name and SMS-verified phone → the lesson's address. */
export async function registerForLesson(db: Db, input: z.output<typeof lessonRegistrationSchema>, caller: RequestContext) {
  const code = await verifyCode(db, { phone: input.phone, purpose: 'lesson', code: input.code, ipHash: caller.ipHash });
  if (code.status !== 'ok') throw smsVerifyError(code);
  // The visitor is a lead for the sales team too (kind `registration` in the leads list), with attribution.
  const lead = { kind: 'registration', name: input.name, phone: input.phone, page: '/stud-simple-reg', consent: input.consent } as const;
  await createLead(db, lead, { ...caller, staffEmail: env().STAFF_EMAIL });
  runAfterResponse(kickOutbox);
  return { lessonUrl: env().LESSON_URL };
}
