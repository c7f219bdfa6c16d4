import { describe, expect, it } from 'vitest';
import { codeInBody } from '@/lib/outbox/sms-code';
import { REVIEW_REASONS } from '@/lib/validations/review';
import kk from '@/messages/kk.json';
import { decisionTexts, type Decision } from './notify';

const DECISIONS: Decision[] = ['approved', 'rejected', 'changes_requested'];

describe('review decision texts', () => {
  it('every SMS fits two SMS parts (Cyrillic: 67 characters each) and carries no six-digit run, so the driver sends it as a notice', () => {
    for (const locale of ['ru', 'kk', 'en']) {
      for (const decision of DECISIONS) {
        const { sms } = decisionTexts(locale, 'Әйгерім', { decision, reasons: ['documents'], note: null });
        expect(sms.length, `${locale} ${decision}: ${sms}`).toBeLessThanOrEqual(134);
        expect(codeInBody(sms)).toBeNull();
        expect(sms).toMatch(/\/cabinet$/);
      }
    }
  });

  it('the e-mail spells out every reason in the tutor language, then the note; without a note no empty label is left', () => {
    const { subject, body } = decisionTexts('kk', 'Әйгерім', { decision: 'rejected', reasons: [...REVIEW_REASONS], note: 'Диплом көшірмесі керек' });
    expect(subject).toBe(kk.Review.mail.rejectedSubject);
    expect(body).toContain('Сәлеметсіз бе, Әйгерім!');
    for (const r of REVIEW_REASONS) expect(body).toContain(`— ${kk.Review.reasons[r]}`);
    expect(body).toContain('Диплом көшірмесі керек');
    const plain = decisionTexts('kk', 'Әйгерім', { decision: 'changes_requested', reasons: ['video'], note: null }).body;
    expect(plain).not.toContain(kk.Review.mail.note.split('{note}')[0]!);
    expect(plain).not.toMatch(/\n{3,}/);
  });
});
