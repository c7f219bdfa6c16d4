import 'server-only';
import type { Db } from '@/lib/db/types';
import { asLocale, translatorFor } from '@/lib/i18n/translate';
import { enqueue } from '@/lib/outbox';
import { enqueueNotifySms } from '@/lib/sms/notify-budget';
import { publicEnv } from '@/lib/public-env';
import { absoluteUrl, localePath } from '@/lib/seo';
import type { ReviewReason } from '@/lib/validations/review';

export type Decision = 'approved' | 'rejected' | 'changes_requested';

export interface DecisionNotice {
  decision: Decision;
  reasons: readonly ReviewReason[] | readonly string[];
  note: string | null;
}

interface Recipient {
  name: string;
  phone: string;
  /** Set only once confirmed by its link (lib/auth/email.ts): no mail to an unproven address. */
  email: string | null;
  locale: string;
}

/** The cabinet's address in the tutor's language. */
export const cabinetUrl = (locale: string) => absoluteUrl(localePath(asLocale(locale), '/cabinet'));

/** The reasons spelled out in the tutor's language, in the order of the list (an application's, or a profile's). */
export function reasonLabels(locale: string, reasons: readonly string[], list: 'reasons' | 'profileReasons' = 'reasons'): string[] {
  const t = translatorFor(locale, 'Review');
  return reasons.map((r) => (t.has(`${list}.${r}` as never) ? t(`${list}.${r}` as never) : r));
}

/** The SMS (short: it points to the cabinet) and the e-mail (complete) of a decision, in `locale`. */
export function decisionTexts(locale: string, name: string, n: DecisionNotice) {
  const t = translatorFor(locale, 'Review');
  const link = cabinetUrl(locale);
  const key = n.decision === 'changes_requested' ? 'changes' : n.decision;
  const reasons = reasonLabels(locale, n.reasons)
    .map((r) => `— ${r}`)
    .join('\n');
  const note = n.note ? t('mail.note', { note: n.note }) : '';
  return {
    sms: t(`sms.${key}`, { link }),
    subject: t(`mail.${key}Subject`),
    body: t(`mail.${key}Body`, { name, reasons, note, link, phone: publicEnv.NEXT_PUBLIC_SUPPORT_PHONE }),
  };
}

/**
 * Tells the tutor of a decision through the outbox, in the caller's transaction: an SMS (the phone
 * was proven at registration; within the notification SMS budget), an e-mail when the account has a confirmed address.
 */
export async function queueDecisionNotice(db: Db, user: Recipient, n: DecisionNotice): Promise<void> {
  const texts = decisionTexts(user.locale, user.name, n);
  await enqueueNotifySms(db, { recipient: user.phone, body: texts.sms });
  if (user.email) await enqueue(db, { channel: 'email', recipient: user.email, subject: texts.subject, body: texts.body });
}

/**
 * Tells the tutor that the public profile was published or returned (journey C: only the
 * application's decisions were told): an SMS and, to a confirmed address, an e-mail with the
 * reviewer's comment, in the tutor's language.
 */
export async function queueProfileNotice(db: Db, user: Recipient, n: { published: boolean; reasons?: readonly string[]; reason?: string }): Promise<void> {
  const t = translatorFor(user.locale, 'Review');
  const link = cabinetUrl(user.locale);
  const key = n.published ? 'profilePublished' : 'profileReturned';
  await enqueueNotifySms(db, { recipient: user.phone, body: t(`sms.${key}`, { link }) });
  if (user.email) {
    await enqueue(db, { channel: 'email', recipient: user.email, subject: t(`mail.${key}Subject`), body: t(`mail.${key}Body`, { name: user.name, reasons: profileReturnText(user.locale, n.reasons ?? [], n.reason), link }) });
  }
}

/** A return's reasons as a list, then the reviewer's note when there is one. */
function profileReturnText(locale: string, reasons: readonly string[], note: string | undefined): string {
  const t = translatorFor(locale, 'Review');
  const list = reasonLabels(locale, reasons, 'profileReasons').map((r) => `— ${r}`);
  return [...list, ...(note ? [t('mail.note', { note })] : [])].join('\n');
}
