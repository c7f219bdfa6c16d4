import { describe, expect, it } from 'vitest';
import { kazakhLegalName, SCHOOL_PLACEHOLDERS, schoolNameKk, schoolRequisitesWarning, unsetSchoolRequisites } from './school-requisites';

describe("the school's requisites on company documents", () => {
  it('finds the placeholders still in place and warns loudly, naming them', () => {
    const unset = unsetSchoolRequisites({ ...SCHOOL_PLACEHOLDERS, SCHOOL_LEGAL_NAME: 'ТОО «Тилмен Онлайн»' });
    expect(unset).toEqual(['SCHOOL_BIN', 'SCHOOL_IBAN', 'SCHOOL_BANK', 'SCHOOL_BIC', 'SCHOOL_ADDRESS', 'SCHOOL_DIRECTOR_NAME']);
    const text = schoolRequisitesWarning(unset)!;
    expect(text.split('\n').length).toBeGreaterThan(4);
    expect(text).toContain('SCHOOL_BIN, SCHOOL_IBAN');
    expect(text).toMatch(/invoices/);
  });

  it('is silent once every requisite is set', () => {
    const set = { SCHOOL_LEGAL_NAME: 'ТОО «Тилмен Онлайн»', SCHOOL_BIN: '230140012345', SCHOOL_IBAN: 'KZ86125KZT5004100100', SCHOOL_BANK: 'АО «Halyk Bank»', SCHOOL_BIC: 'HSBKKZKX', SCHOOL_ADDRESS: 'Алматы', SCHOOL_DIRECTOR_NAME: 'Серік Ахметов' };
    expect(unsetSchoolRequisites(set)).toEqual([]);
    expect(schoolRequisitesWarning([])).toBeNull();
  });

  it('names the school in Kazakh on Kazakh documents: SCHOOL_LEGAL_NAME_KK, else the Russian name in its Kazakh form', () => {
    expect(kazakhLegalName('ТОО «Тилмен Онлайн»')).toBe('«Тилмен Онлайн» ЖШС');
    expect(kazakhLegalName('АО "Тилмен"')).toBe('«Тилмен» АҚ');
    expect(kazakhLegalName(SCHOOL_PLACEHOLDERS.SCHOOL_LEGAL_NAME)).toBeNull();
    expect(kazakhLegalName('Tilmen Online LLP')).toBeNull();
    expect(schoolNameKk({ SCHOOL_LEGAL_NAME: 'ТОО «Тилмен Онлайн»' })).toBe('«Тилмен Онлайн» ЖШС');
    expect(schoolNameKk({ SCHOOL_LEGAL_NAME: 'ТОО «Тилмен Онлайн»', SCHOOL_LEGAL_NAME_KK: '«Тілмен Онлайн» ЖШС' })).toBe('«Тілмен Онлайн» ЖШС');
  });

  it('warns at start when the Kazakh name is neither set nor derivable, and not twice for a placeholder name', () => {
    expect(schoolRequisitesWarning([], schoolNameKk({ SCHOOL_LEGAL_NAME: 'ТОО «Тилмен Онлайн»' }))).toBeNull();
    const warning = schoolRequisitesWarning([], schoolNameKk({ SCHOOL_LEGAL_NAME: 'Tilmen Online' }))!;
    expect(warning).toContain('SCHOOL_LEGAL_NAME_KK');
    expect(warning).not.toContain('placeholders');
    const both = schoolRequisitesWarning(['SCHOOL_LEGAL_NAME'], schoolNameKk({ SCHOOL_LEGAL_NAME: SCHOOL_PLACEHOLDERS.SCHOOL_LEGAL_NAME }))!;
    expect(both).toContain('placeholders');
    expect(both).not.toContain('SCHOOL_LEGAL_NAME_KK');
  });
});
