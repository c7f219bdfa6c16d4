// Kazakhstan mobile numbers: +7 7xx xxx xx xx (design.md, "Kazakhstan specifics").
const KZ_MOBILE = /^7(?:0[0-25-8]|47|6[0-4]|7[15-8]|85)\d{7}$/;

/** Digits of a phone as typed: "8 701…", "+7 (701)…", "701…" → "7701…" (11 digits) or null. */
export function phoneDigits(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  if (!/^[\d\s()+\-.]*$/.test(input)) return null;
  let d = input.replace(/\D/g, '');
  // With a leading + the country code is there: a 10-digit local form is not meant.
  if (input.trim().startsWith('+') && d.length !== 11) return null;
  if (d.length === 11 && d.startsWith('8')) d = '7' + d.slice(1);
  if (d.length === 10) d = '7' + d;
  return d.length === 11 && d.startsWith('7') ? d : null;
}

export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: 'invalid' | 'not_kz_mobile' };

export function checkKzMobile(input: string): PhoneCheck {
  const d = phoneDigits(input);
  if (!d) return { ok: false, reason: 'invalid' };
  if (!KZ_MOBILE.test(d.slice(1))) return { ok: false, reason: 'not_kz_mobile' };
  return { ok: true, e164: '+' + d };
}

/** "+77011234567" → "+7 701 123 45 67" */
export function formatKzPhone(e164: string): string {
  const d = e164.replace(/\D/g, '');
  if (d.length !== 11) return e164;
  return `+7 ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9, 11)}`;
}
