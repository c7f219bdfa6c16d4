import 'server-only';
import { NextResponse } from 'next/server';
import { createTranslator } from 'use-intl/core';
import { z } from 'zod';
import type { Locale } from '@/i18n/routing';
import { errorForLog } from '@/lib/api/error-log';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';

const catalogues = { ru, kk, en } as const;

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'rate_limited'
  | 'export_busy'
  | 'captcha_failed'
  | 'promo_not_found'
  | 'promo_expired'
  | 'promo_not_started'
  | 'promo_exhausted'
  | 'promo_not_applicable'
  | 'promo_already_used'
  | 'payment_status_unavailable'
  | 'not_found'
  | 'invalid_credentials'
  | 'captcha_required'
  | 'captcha_challenge'
  | 'account_exists'
  | 'reset_link_invalid'
  | 'wrong_current_password'
  | 'email_confirm_invalid'
  | 'email_taken'
  | 'unauthorized'
  | 'forbidden_origin'
  | 'sms_too_soon'
  | 'sms_unavailable'
  | 'sms_code_wrong'
  | 'sms_code_expired'
  | 'sms_code_locked'
  | 'sms_code_missing'
  | 'company_not_found'
  | 'test_already_taken'
  | 'test_phone_used'
  | 'invitation_not_found'
  | 'invitation_expired'
  | 'test_not_found'
  | 'test_finished'
  | 'certificate_not_found'
  | 'forbidden'
  | 'staff_exists'
  | 'staff_link_invalid'
  | 'staff_self_lockout'
  | 'staff_disabled'
  | 'company_user_exists'
  | 'company_link_invalid'
  | 'company_user_disabled'
  | 'company_totp_not_started'
  | 'roster_has_problems'
  | 'account_blocked'
  | 'certificate_revoked'
  | 'test_annulled'
  | 'conflict'
  | 'lead_move_invalid'
  | 'application_status'
  | 'slot_taken'
  | 'slot_unavailable'
  | 'trial_already_booked'
  | 'cancel_too_late'
  | 'lesson_state'
  | 'not_student'
  | 'photo_invalid'
  | 'document_invalid'
  | 'document_encrypted'
  | 'documents_limit'
  | 'profile_not_allowed'
  | 'profile_incomplete'
  | 'profile_unchanged'
  | 'profile_status'
  | 'holds_busy'
  | 'subject_not_offered'
  | 'trial_with_tutor_booked'
  | 'reschedule_limit'
  | 'lesson_changes_limit'
  | 'invitation_too_soon'
  | 'company_sms_cap'
  | 'sms_budget_spent'
  | 'room_forbidden'
  | 'room_library_tutor_only'
  | 'lesson_company_employee_unknown'
  | 'pool_tutor_price'
  | 'pool_trial'
  | 'employee_pool_empty'
  | 'employer_invite_invalid'
  | 'employer_invite_taken'
  | 'report_locked'
  | 'correction_closed'
  | 'room_not_open'
  | 'room_closed'
  | 'room_removed'
  | 'group_no_signal'
  | 'notes_read_only'
  | 'board_tutor_only'
  | 'not_group_lesson'
  | 'sfu_unavailable'
  | 'lesson_cancelled'
  | 'payments_unavailable'
  | 'payment_provider_error'
  | 'payment_notification_invalid'
  | 'tutor_not_purchasable'
  | 'package_empty'
  | 'package_expired'
  | 'nothing_to_refund'
  | 'refund_decided'
  | 'lesson_decided'
  | 'payout_month_open'
  | 'payout_already_approved'
  | 'payout_empty'
  | 'payout_not_approved'
  | 'payout_not_exported'
  | 'payment_provider_unavailable'
  | 'company_bin_missing'
  | 'invoice_already_paid'
  | 'invoice_cancelled'
  | 'company_pool_empty'
  | 'group_lesson'
  | 'group_full'
  | 'group_not_open'
  | 'group_seat_taken'
  | 'group_has_seats'
  | 'group_state'
  | 'group_schedule_busy'
  | 'group_employee_no_account'
  | 'company_group_funds'
  | 'library_file_invalid'
  | 'library_own_review'
  | 'library_nothing_to_review'
  | 'library_not_in_review'
  | 'audio_invalid'
  | 'chat_help_no_time'
  | 'chat_help_too_many'
  | 'chat_help_taken'
  | 'chat_help_closed'
  | 'chat_help_not_on_duty'
  | 'chat_help_nothing_to_refund'
  | 'recording_invalid'
  | 'homework_auto_checked'
  | 'internal';

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: ErrorCode,
    public fields?: Record<string, string>,
    public retryAfter?: number,
  ) {
    super(code);
  }
}

export function translator(locale: Locale) {
  const messages = catalogues[locale];
  return {
    error: createTranslator({ locale, messages, namespace: 'Errors' }),
    field: createTranslator({ locale, messages, namespace: 'Validation' }),
    /** Field messages only the back office uses: kept out of Validation, which public pages carry to the browser. */
    adminField: createTranslator({ locale, messages, namespace: 'Admin.validation' }),
    /** The corporate portal's own field messages, kept out of Validation for the same reason. */
    companyField: createTranslator({ locale, messages, namespace: 'Company.validation' }),
  };
}

function fieldMessage(locale: Locale, key: string): string {
  const { field: t, adminField, companyField } = translator(locale);
  if (t.has(key as never)) return t(key as never);
  if (adminField.has(key as never)) return adminField(key as never);
  return companyField.has(key as never) ? companyField(key as never) : t('invalid_value');
}

export function errorResponse(err: unknown, locale: Locale): NextResponse {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else if (err instanceof z.ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of err.issues) {
      const key = issue.path.map(String).join('.') || '_';
      if (!(key in fields)) fields[key] = issue.message;
    }
    apiError = new ApiError(422, 'validation_failed', fields);
  } else {
    // Never err.message as is: a failed query's message carries its parameters (lib/api/error-log.ts).
    console.error('[api] unexpected error:', errorForLog(err));
    apiError = new ApiError(500, 'internal');
  }
  const t = translator(locale).error;
  const fields = apiError.fields
    ? Object.fromEntries(Object.entries(apiError.fields).map(([k, v]) => [k, fieldMessage(locale, v)]))
    : undefined;
  const res = NextResponse.json(
    { error: { code: apiError.code, message: t(apiError.code), ...(fields ? { fields } : {}) } },
    { status: apiError.status },
  );
  if (apiError.retryAfter) res.headers.set('Retry-After', String(apiError.retryAfter));
  res.headers.set('Cache-Control', 'no-store');
  return res;
}

const MAX_BODY = 16 * 1024;

/**
 * Reads a JSON object body with a size cap (16 KiB unless a call needs more); anything else is a 4xx, never a 5xx.
 * The body is read as a stream and cancelled as soon as it passes MAX_BODY bytes, so a chunked
 * upload without Content-Length (or one that lies about it) costs at most 16 KiB, not its size.
 */
export async function readJson(req: Request, max = MAX_BODY): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new ApiError(415, 'unsupported_media_type');
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > max) throw new ApiError(413, 'payload_too_large');
  const bytes = await readCapped(req, max);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'bad_request');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'bad_request');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'bad_request');
  return body;
}

/** The body's bytes, at most `max`; one byte more cancels the stream and answers 413. */
export async function readCapped(req: Request, max: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array(0);
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = req.body.getReader();
  } catch {
    throw new ApiError(400, 'bad_request'); // already read or locked
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError(400, 'bad_request'); // the client went away or sent a broken chunk
    }
    if (chunk.done) break;
    const value = chunk.value;
    size += value.byteLength;
    if (size > max) {
      // Stop pulling: the rest of the upload is never read into memory.
      await reader.cancel().catch(() => {});
      throw new ApiError(413, 'payload_too_large');
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
