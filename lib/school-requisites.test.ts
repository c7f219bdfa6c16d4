import { describe, expect, it } from 'vitest';
import { SCHOOL_PLACEHOLDERS, schoolRequisitesWarning, unsetSchoolRequisites } from './school-requisites';

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
});
