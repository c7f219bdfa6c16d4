// POST /api/auth/reset/email - mails a 30-minute single-use link when the address has an account; 202 always.
import { NextResponse, type NextRequest } from 'next/server';
import { createTranslator } from 'next-intl';
import { ApiError, errorResponse, readJson } from '@/lib/api/errors';
import { requestContext } from '@/lib/api/context';
import { requestEmailReset } from '@/lib/auth/reset';
import { captchaRefusal } from '@/lib/captcha/refusal';
import { verifyCaptcha } from '@/lib/captcha/verify';
import { getDb } from '@/lib/db/client';
import { publicEnv } from '@/lib/public-env';
import { hit } from '@/lib/rate-limit';
import { absoluteUrl, localePath } from '@/lib/seo';
import { captchaConfig, kickOutbox, runAfterResponse } from '@/lib/server/services';
import { resetEmailRequestSchema } from '@/lib/validations/registration';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';

export async function POST(req: NextRequest) {
  const ctx = requestContext(req);
  try {
    const input = resetEmailRequestSchema.parse(await readJson(req));
    const db = await getDb();
    const captcha = await verifyCaptcha(db, captchaConfig(), input, 'reset', ctx.ip);
    if (!captcha.ok && !captcha.outage) throw captchaRefusal(captcha);
    const limit = await hit(db, { key: `reset:ip:${ctx.ipHash}`, max: 10, windowSeconds: 3600 });
    const perAddress = await hit(db, { key: `reset:email:${input.email}`, max: 3, windowSeconds: 3600 });
    if (!limit.allowed) throw new ApiError(429, 'rate_limited', undefined, limit.retryAfter);
    if (perAddress.allowed) {
      const t = createTranslator({ locale: ctx.locale, messages: { ru, kk, en }[ctx.locale], namespace: 'ResetMail' });
      await requestEmailReset(db, input.email, (token) => absoluteUrl(`${localePath(ctx.locale, '/reset-password/hash')}?token=${token}`), {
        subject: t('subject'),
        body: (link) => t('body', { link, phone: publicEnv.NEXT_PUBLIC_SUPPORT_PHONE }),
      });
      runAfterResponse(kickOutbox);
    }
    // The same answer whether or not the address has an account (and when over its own limit).
    return NextResponse.json({ sent: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    return errorResponse(err, ctx.locale);
  }
}
