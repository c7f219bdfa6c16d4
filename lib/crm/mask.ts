import { formatKzPhone } from '@/lib/phone';

/** "+77011234567" → "+7 701 *** ** 67": enough to tell leads apart in a list, not to call them. */
export function maskPhone(e164: string): string {
  const d = e164.replace(/\D/g, '');
  if (d.length !== 11) return `${e164.slice(0, 3)}***${e164.slice(-2)}`;
  return formatKzPhone(e164).replace(/^(\+7 \d{3}) \d{3} \d{2} (\d{2})$/, '$1 *** ** $2');
}
