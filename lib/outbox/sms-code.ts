// The one-time code an SMS body carries, as the outbox's SMS transport (./sms.ts) and the code rules
// (lib/sms/codes.ts) both see it: where it stands in a body, what it becomes once redacted, how long
// it lives. Plain code, no server imports: the development outbox page reads it too.

/** How long an SMS code lives, in seconds (lib/sms/codes.ts SMS_RULES.codeTtl). */
export const SMS_CODE_TTL_S = 300;

/** A code inside an SMS body is the only six-digit run the templates contain (same in SQL). */
export const CODE_PATTERN_SQL = '[0-9]{6}';
export const REDACTED_CODE = '******';

/** The code a body still carries, or null once it is redacted. */
export function codeInBody(body: string): string | null {
  return body.match(/\d{6}/)?.[0] ?? null;
}
