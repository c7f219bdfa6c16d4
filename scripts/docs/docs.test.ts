import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import { localizedDocUrl, publicEnv } from '@/lib/public-env';
import { formatTenge, PRICES, pricePerLesson, STUDENT_PLANS, withPromo } from '@/lib/tariffs';
import type { LegalDoc } from './legal-doc';
import * as offer from './public-offer.mjs';
import * as privacy from './privacy-policy.mjs';
import * as tutorRules from './tutor-rules.mjs';

const root = path.resolve(__dirname, '../..');
const catalogues = { ru, kk, en };
const locales = ['ru', 'kk', 'en'] as const;
const text = (doc: LegalDoc) => doc.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n');
const flat = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as object).flatMap(flat));

// The same fact, as each language writes it, in the site and in the documents.
const facts = {
  ru: { group: /до 6 (человек|учеников)/, groupWrong: /от 3 до 8/, refund: /10 (\(десяти\) )?рабочих дней/, promo: 'суммируется со скидкой тарифа' },
  kk: { group: /6 (адамға|оқушыға) дейін/, groupWrong: /3-тен 8-ге/, refund: /10 (\(он\) )?жұмыс күні/, promo: 'тариф жеңілдігіне қосылады' },
  en: { group: /up to 6 (people|learners|students)/, groupWrong: /3 to 8/, refund: /10 (\(ten\) )?business days/, promo: "comes on top of the plan's discount" },
};

describe('the footers’ documents', () => {
  it('are PDFs served from public/ for every locale, the tutors’ rules included', () => {
    for (const template of [publicEnv.NEXT_PUBLIC_OFFER_URL, publicEnv.NEXT_PUBLIC_PRIVACY_URL, publicEnv.NEXT_PUBLIC_TUTOR_RULES_URL]) {
      for (const locale of locales) {
        const file = path.join(root, 'public', localizedDocUrl(template, locale));
        expect(fs.readFileSync(file).subarray(0, 5).toString(), file).toBe('%PDF-');
      }
    }
  });

  it('are the PDFs the texts in scripts/docs make today (nobody reads a stale offer)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tilmen-docs-'));
    try {
      execFileSync(process.execPath, ['scripts/make-docs.mjs'], { cwd: root, env: { ...process.env, DOCS_OUT_DIR: out } });
      for (const file of fs.readdirSync(out)) {
        expect(fs.readFileSync(path.join(out, file)).equals(fs.readFileSync(path.join(root, 'public/docs', file))), file).toBe(true);
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
    // Rendering nine PDFs with their fonts takes about 10 s alone and over 30 s on a busy 2-core machine.
  }, 120_000);

  it('name the company as the site’s footer does', () => {
    for (const locale of locales) {
      const company = catalogues[locale].Footer.copyright.replace(/^© \{year\} /, '').replace(/, \S+$/, '');
      for (const doc of [offer, privacy, tutorRules]) expect(text(doc[locale])).toContain(company);
    }
  });
});

describe('one fact, one statement: the site and the documents agree', () => {
  it.each(locales)('%s: group size, refund time, promo codes and prices', (locale) => {
    const m = catalogues[locale];
    const f = facts[locale];
    const offerText = text(offer[locale]);

    expect(m.StudTariffs.notes.group).toMatch(f.group);
    expect(m.StudFaq.items.q6.answer).toMatch(f.group);
    expect(offerText).toMatch(f.group);
    expect(text(tutorRules[locale])).toMatch(f.group);
    expect(offerText).not.toMatch(f.groupWrong);

    expect(m.StudFaq.items.q9.answer).toMatch(f.refund);
    expect(m.StudTariffs.notes.refund).toMatch(f.refund);
    expect(offerText).toMatch(f.refund);

    for (const copy of [m.Promo.text, m.StudentLanding.promo.note, m.StudFaq.items.q14.answer, offerText]) expect(copy).toContain(f.promo);

    // The offer is typeset with ordinary spaces; the site with no-break ones.
    const plain = (s: string) => s.replaceAll('\u00a0', ' ');
    for (const amount of [PRICES.individualFrom, PRICES.groupFrom, PRICES.chatHelpPerHour]) {
      expect(plain(offerText)).toContain(plain(formatTenge(amount, locale)));
    }
    expect(m.StudTariffs.notes.chat).toContain(formatTenge(PRICES.chatHelpPerHour, locale));
  });

  it('a promo code is taken off the plan’s discounted price, as the copy says', () => {
    const advanced = STUDENT_PLANS.find((p) => p.id === 'advanced')!;
    expect(pricePerLesson(advanced)).toBe(4750);
    expect(withPromo(pricePerLesson(advanced), 10)).toBe(4275);
  });
});

describe('money is written one way per locale', () => {
  it.each(locales)('%s: every amount in the catalogue reads as the tariff board prints it', (locale) => {
    const amounts = flat(catalogues[locale]).flatMap((s) => s.match(/₸\d{1,3}(,\d{3})*|\d[\d\u00a0 ,]*\s?₸/g) ?? []);
    expect(amounts.length).toBeGreaterThan(5);
    for (const written of amounts) expect(written).toBe(formatTenge(Number(written.replace(/\D/g, '')), locale));
  });
});

describe('Kazakh copy', () => {
  const all = flat(kk).join('\n');
  it('says one-on-one lessons are «жеке», not in person, and cancels with the right verb', () => {
    expect(all).not.toMatch(/бетпе-бет/i);
    expect(kk.StudFaq.items.q10.answer).toContain('бас тартсаңыз');
    expect(kk.TeachFaq.items.q14.answer).toContain('бас тартса');
    expect(all).not.toMatch(/болдырса|болдырылса/);
  });

  it('uses one term each: «5 жастан бастап», «сынақ сабағы», the 10th of the month', () => {
    expect(all).not.toContain('5 жастан асқан');
    expect(all).not.toMatch(/сынақ сабақ(\.|"|ққа|\s)/);
    expect(all).not.toMatch(/10-нан кешіктірілмей|10-на дейін/);
    expect(all).not.toMatch(/жүгінейік|тірі сөйлеу|өзімізге аламыз|қолжетімділік жоқ|Құпиялық/);
  });
});
