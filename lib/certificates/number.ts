import 'server-only';
// A Kazakh test certificate's number: made when the sitting is scored (lib/quiz/attempts.ts), checked
// wherever a number comes in (the public look-up, the HR portal's download).
import { randomInt } from 'node:crypto';
import { schoolDate } from '@/lib/time/school-zone';

const CERT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * TLM-2026-7Q4M9XK2: year of issue and 40 random bits, no 0/O or 1/I to misread. The year is the
 * school's (Almaty), as the date printed on the certificate: not the UTC year, which is still the
 * old one until 05:00 on 1 January in Almaty.
 */
export function newCertificateNumber(now = new Date()): string {
  let tail = '';
  for (let i = 0; i < 8; i++) tail += CERT_ALPHABET[randomInt(CERT_ALPHABET.length)];
  return `TLM-${schoolDate(now).slice(0, 4)}-${tail}`;
}

export const CERTIFICATE_NUMBER_RE = /^TLM-\d{4}-[2-9A-HJ-NP-Z]{8}$/;
