/**
 * Kazakhstan's individual identification number (ЖСН / ИИН): 12 digits, the last a check digit.
 * S = Σ(i·aᵢ, i = 1..11) mod 11; when S = 10, S = Σ(wᵢ·aᵢ) mod 11 with w = 3,4,5,6,7,8,9,10,11,1,2;
 * when that is 10 too, the number is invalid; otherwise a₁₂ must equal S.
 */
export type IinCheck = { ok: true; iin: string } | { ok: false; reason: 'length' | 'digits' | 'checksum' };

const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

export function iinCheckDigit(first11: readonly number[]): number | null {
  let s = first11.reduce((sum, d, i) => sum + (i + 1) * d, 0) % 11;
  if (s === 10) s = first11.reduce((sum, d, i) => sum + (SECOND_WEIGHTS[i] as number) * d, 0) % 11;
  return s === 10 ? null : s;
}

/** Spaces and dashes typed between digit groups are ignored; anything else must be digits. */
export function checkIin(input: string): IinCheck {
  const compact = input.replace(/[\s-]/g, '');
  if (/[^0-9]/.test(compact)) return { ok: false, reason: 'digits' };
  if (compact.length !== 12) return { ok: false, reason: 'length' };
  const digits = [...compact].map(Number);
  const check = iinCheckDigit(digits.slice(0, 11));
  if (check === null || check !== digits[11]) return { ok: false, reason: 'checksum' };
  return { ok: true, iin: compact };
}
