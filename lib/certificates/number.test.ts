import { describe, expect, it } from 'vitest';
import { CERTIFICATE_NUMBER_RE, newCertificateNumber } from './number';
import { formatCertificateDate } from './pdf';

describe('a certificate number (fixed clocks)', () => {
  it('has the year of the date printed on the certificate: 00:30 in Almaty on 1 January is the new year, though UTC is still on 31 December', () => {
    const now = new Date('2026-12-31T19:30:00Z');
    expect(formatCertificateDate(now)).toBe('01.01.2027');
    expect(newCertificateNumber(now)).toMatch(/^TLM-2027-/);
    expect(newCertificateNumber(now)).toMatch(CERTIFICATE_NUMBER_RE);
  });

  it('23:30 in Almaty on 31 December is still the old year', () => {
    const now = new Date('2026-12-31T18:30:00Z');
    expect(formatCertificateDate(now)).toBe('31.12.2026');
    expect(newCertificateNumber(now)).toMatch(/^TLM-2026-/);
  });
});
