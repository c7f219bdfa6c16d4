import { checkIin } from '@/lib/iin';
import { checkKzMobile } from '@/lib/phone';
import { normalizePersonName, PERSON_NAME_RE } from '@/lib/validations/person-name';
import { CONTROL_CHARS } from '@/lib/validations/query';
import type { RawRow } from './roster-file';

/** What is wrong with a row (Company.roster.problem.<code>), and on which column. */
export type RowProblemCode =
  | 'last_name_missing'
  | 'first_name_missing'
  | 'name_too_long'
  | 'name_letters'
  | 'iin_missing'
  | 'iin_format'
  | 'iin_checksum'
  | 'iin_duplicate'
  | 'position_missing'
  | 'position_too_long'
  | 'department_too_long'
  | 'phone_invalid'
  | 'phone_not_kz'
  | 'email_invalid'
  | 'locale_invalid'
  | 'control_chars';
export type RowNoteCode = 'iin_zero_restored';

export interface RowProblem {
  line: number;
  field: string;
  code: RowProblemCode;
  /** For a duplicate: the row the same IIN was first seen on. */
  other?: number;
}
export interface RowNote {
  line: number;
  code: RowNoteCode;
}
export interface RosterRow {
  line: number;
  lastName: string;
  firstName: string;
  iin: string;
  positionCode: string;
  department: string | null;
  phone: string | null;
  email: string | null;
  locale: 'ru' | 'kk' | 'en';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCALES: Record<string, 'ru' | 'kk' | 'en'> = { ru: 'ru', рус: 'ru', русский: 'ru', kk: 'kk', kz: 'kk', қаз: 'kk', каз: 'kk', қазақша: 'kk', казахский: 'kk', en: 'en', eng: 'en', english: 'en', английский: 'en' };

/**
 * An IIN from a cell. Excel turns "061211600012" typed into a General cell into the number
 * 61211600012 (everyone born 2000-2009): eleven digits are given their leading zero back, and the
 * row says so. A CSV saved by Excel carries the same eleven digits as text.
 */
export function iinFromCell(text: string): { value: string; restored: boolean } {
  const compact = text.replace(/[\s-]/g, '');
  if (/^\d{11}$/.test(compact)) return { value: `0${compact}`, restored: true };
  return { value: compact, restored: false };
}

/** Every row's problems and notes, and the rows themselves when there are none (all or nothing). */
export function checkRows(raw: RawRow[]) {
  const problems: RowProblem[] = [];
  const notes: RowNote[] = [];
  const rows: RosterRow[] = [];
  const seen = new Map<string, number>();
  for (const r of raw) {
    const text = (f: keyof RawRow['cells']) => (r.cells[f]?.text ?? '').trim();
    const add = (field: string, code: RowProblemCode, other?: number) => problems.push({ line: r.line, field, code, ...(other ? { other } : {}) });
    // A control character (NUL and the like, pasted from elsewhere) in any cell: PostgreSQL refuses NUL in text.
    const dirty = (Object.keys(r.cells) as (keyof RawRow['cells'])[]).filter((f) => CONTROL_CHARS.test(r.cells[f]?.text ?? ''));
    if (dirty.length) {
      for (const f of dirty) add(f, 'control_chars');
      continue;
    }
    const lastName = normalizePersonName(text('lastName'));
    const firstName = normalizePersonName(text('firstName'));
    // The manual form's rule (personNameField): letters the certificate can print, nothing else
    // (security review L1: a URL, markup or CJK text was printed as the holder's name).
    if (!lastName) add('lastName', 'last_name_missing');
    else if (lastName.length > 80) add('lastName', 'name_too_long');
    else if (!PERSON_NAME_RE.test(lastName)) add('lastName', 'name_letters');
    if (!firstName) add('firstName', 'first_name_missing');
    else if (firstName.length > 80) add('firstName', 'name_too_long');
    else if (!PERSON_NAME_RE.test(firstName)) add('firstName', 'name_letters');

    const iinCell = iinFromCell(text('iin'));
    if (iinCell.restored) notes.push({ line: r.line, code: 'iin_zero_restored' });
    const iin = iinCell.value;
    if (!iin) add('iin', 'iin_missing');
    else {
      const checked = checkIin(iin);
      if (!checked.ok) add('iin', checked.reason === 'checksum' ? 'iin_checksum' : 'iin_format');
      else if (seen.has(iin)) add('iin', 'iin_duplicate', seen.get(iin));
      else seen.set(iin, r.line);
    }
    const positionCode = text('positionCode');
    if (!positionCode) add('positionCode', 'position_missing');
    else if (positionCode.length > 40) add('positionCode', 'position_too_long');
    const department = text('department');
    if (department.length > 120) add('department', 'department_too_long');
    const phoneText = text('phone');
    let phone: string | null = null;
    if (phoneText) {
      const p = checkKzMobile(phoneText);
      if (p.ok) phone = p.e164;
      else add('phone', p.reason === 'invalid' ? 'phone_invalid' : 'phone_not_kz');
    }
    const email = text('email').toLowerCase();
    if (email && (!EMAIL.test(email) || email.length > 254)) add('email', 'email_invalid');
    const localeText = text('locale').toLowerCase();
    const locale = localeText ? LOCALES[localeText] : 'ru';
    if (!locale) add('locale', 'locale_invalid');
    rows.push({ line: r.line, lastName, firstName, iin, positionCode, department: department || null, phone, email: email || null, locale: locale ?? 'ru' });
  }
  return { rows, problems, notes };
}
