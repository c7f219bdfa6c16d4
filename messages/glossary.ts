// The school's words: one word per concept in each language (copy reviews C-01, C-03, N-20,
// N-36…N-40: the same slips came back with every new area). messages/glossary.test.ts walks every
// string of the catalogues, and the Cyrillic texts that live outside them (the public documents'
// sources, the PDFs' literals), and fails on a refused word, naming the key and the word.
//
// A word is written as it is read, with `*` for any ending («преподавател*» is every case of
// «преподаватель»); it matches whole words only, case-insensitively. How to add a word: docs/architecture.md, "The school's words".
import type { Locale } from '@/i18n/routing';

export interface Refusal {
  /** The refused words or phrases of one language. */
  words: string[];
  /** Refused only in keys whose text in `where.locale` names the concept (ru «выплат*» for a payout), because the refused word is right elsewhere. */
  where?: { locale: Locale; word: string };
  /** Refused only in keys matching this (the catalogues' dotted keys); the texts outside the catalogues are then not checked. */
  keys?: RegExp;
  /** Not refused right after this word («күшін жою» is "cancel", a bare «жою» is "delete"). */
  unlessAfter?: string;
}

export interface Concept {
  concept: string;
  /** The chosen word in each language. */
  word: Record<Locale, string>;
  refused: Partial<Record<Locale, Refusal | Refusal[]>>;
}

export const GLOSSARY: Concept[] = [
  {
    concept: 'the tutor (who teaches on the platform)',
    word: { ru: 'репетитор', kk: 'репетитор', en: 'tutor' },
    refused: { ru: { words: ['преподавател*', 'учител*'] }, kk: { words: ['мұғалім*', 'оқытушы*', 'ұстаз*'] }, en: { words: ['teacher*'] } },
  },
  {
    concept: 'the student',
    word: { ru: 'ученик', kk: 'оқушы', en: 'student' },
    refused: { kk: { words: ['шәкірт*'] }, en: { words: ['pupil*', 'learner*'] } },
  },
  {
    concept: 'the lesson',
    word: { ru: 'урок', kk: 'сабақ', en: 'lesson' },
    refused: { kk: { words: ['дәріс*'] }, en: { words: ['class', 'classes'] } },
  },
  {
    concept: "a student's lesson package",
    word: { ru: 'пакет', kk: 'пакет', en: 'package' },
    refused: { ru: { words: ['абонемент*'] }, kk: { words: ['абонемент*'] }, en: { words: ['bundle*', 'subscription*'] } },
  },
  {
    concept: "a company's lesson pool (never the student's «пакет»)",
    word: { ru: 'пул уроков', kk: 'сабақ пулы', en: 'lesson pool' },
    refused: { ru: { words: ['пакет* компани*', 'компани* пакет*'] }, kk: { words: ['компания* пакет*'] }, en: { words: ["company package*", "company's package*"] } },
  },
  {
    concept: "a company's paid group invoices, not yet spent on lessons (company_groups: the offer's 4.10 advance; apart from the pool)",
    word: { ru: 'аванс на групповые уроки', kk: 'топтық сабақтарға арналған аванс', en: 'advance for group lessons' },
    refused: {
      ru: { words: ['деньг* на групп*', 'денег на групп*', 'деньг* компани* на групп*'] },
      kk: { words: ['топтарға арналған ақша*', 'топтарға арналған бос ақша*'] },
      en: { words: ['money for groups', 'group money'] },
    },
  },
  {
    concept: "to allocate a company pool's lessons to an employee",
    word: { ru: 'выделить', kk: 'бөлу', en: 'allocate' },
    refused: {
      ru: { words: ['распредел*'], where: { locale: 'ru', word: 'пул*' } },
      kk: { words: ['берілген', 'беру', 'берілді'], where: { locale: 'ru', word: 'пул*' } },
      en: { words: ['give', 'given', 'giving'], where: { locale: 'ru', word: 'пул*' } },
    },
  },
  {
    concept: 'a status (column, filter, running text)',
    word: { ru: 'статус', kk: 'күйі', en: 'status' },
    refused: { ru: { words: ['состояни*'] }, kk: { words: ['мәртебе*'] }, en: { words: ['state'], keys: /(state|status)\w*$/i } },
  },
  {
    concept: "the tutor's payout (kk «төлем» stays the customer's payment)",
    word: { ru: 'выплата', kk: 'төлемақы', en: 'payout' },
    refused: { kk: { words: ['төлем', 'төлемі*', 'төлемд*', 'төлемг*', 'төлемн*'], where: { locale: 'ru', word: 'выплат*' } } },
  },
  {
    concept: 'where payouts go: a bank account (IBAN) only, never "a card or an account"',
    word: { ru: 'счёт (IBAN)', kk: 'шот (IBAN)', en: 'account (IBAN)' },
    refused: { ru: { words: ['карт* или сч*'] }, kk: { words: ['карта* немесе шот*'] }, en: { words: ['card or account', 'card or an account', 'card or a bank account'] } },
  },
  {
    concept: 'a refund',
    word: { ru: 'возврат', kk: 'қайтару', en: 'refund' },
    refused: { en: { words: ['reimburs*'] } },
  },
  {
    concept: "the personal account (the signed-in person's pages)",
    word: { ru: 'личный кабинет', kk: 'жеке кабинет', en: 'account' },
    refused: { en: { words: ['cabinet*', 'personal area', 'dashboard*'] } },
  },
  {
    concept: 'the sign-in account',
    word: { ru: 'аккаунт', kk: 'аккаунт', en: 'account' },
    refused: { ru: { words: ['учётн* запис*', 'учетн* запис*'] }, kk: { words: ['тіркелгі*'] } },
  },
  {
    concept: 'the trial lesson',
    word: { ru: 'пробный урок', kk: 'сынақ сабағы', en: 'trial lesson' },
    refused: { ru: { words: ['пробн* заняти*', 'демо-урок*', 'демоурок*'] }, kk: { words: ['демо-сабақ*'] }, en: { words: ['demo lesson*'] } },
  },
  {
    concept: 'an invoice',
    word: { ru: 'счёт', kk: 'шот', en: 'invoice' },
    refused: { ru: { words: ['инвойс*'] }, kk: { words: ['инвойс*'] }, en: { words: ['bill', 'bills'] } },
  },
  {
    concept: 'to cancel (a lesson: kk «болдырмау»; an invoice, a certificate: kk «күшін жою», never "delete" or "stop")',
    word: { ru: 'отменить', kk: 'болдырмау / күшін жою', en: 'cancel' },
    refused: {
      kk: [
        { words: ['тоқтат*'], where: { locale: 'ru', word: 'отмен*' } },
        { words: ['жою', 'жойыл*'], unlessAfter: 'күші*', keys: /invoice|certificate|revoke/i },
      ],
    },
  },
  {
    concept: 'to reschedule a lesson',
    word: { ru: 'перенести', kk: 'ауыстыру', en: 'reschedule' },
    refused: {
      ru: { words: ['сдвин*', 'передвин*'] },
      kk: { words: ['жылжыт*'] },
      en: { words: ['move or cancel', 'cancel or move', 'move a lesson', 'move lessons', 'move the lesson', 'moved the lesson', 'lesson was moved', 'lesson is moved'] },
    },
  },
  {
    concept: 'a certificate (of the test)',
    word: { ru: 'сертификат', kk: 'сертификат', en: 'certificate' },
    refused: { kk: { words: ['куәлік*'], where: { locale: 'ru', word: 'сертификат*' } } },
  },
  {
    concept: 'a level (A1–C2)',
    word: { ru: 'уровень', kk: 'деңгей', en: 'level' },
    refused: { kk: { words: ['дәреже*'] } },
  },
  {
    concept: "the platform's fee on a tutor's price",
    word: { ru: 'комиссия', kk: 'комиссия', en: 'fee' },
    refused: { en: { words: ['commission*'] } },
  },
  {
    concept: 'an individual entrepreneur (ИП), the tax status the tutor FAQ and the earnings name',
    word: { ru: 'ИП', kk: 'ЖК', en: 'individual entrepreneur' },
    refused: { en: { words: ['sole trader*', 'sole proprietor*'] } },
  },
  {
    concept: "a student's progress (never school marks)",
    word: { ru: 'прогресс', kk: 'прогресс', en: 'progress' },
    refused: { ru: { words: ['успеваемост*'] }, kk: { words: ['үлгерім*'] } },
  },
  {
    concept: "a lesson taken from a package or a company pool (not bookkeeping's «written off»)",
    word: { ru: 'списывается из пакета', kk: 'пакеттен алынады / пайдаланылды', en: 'uses up a lesson' },
    refused: { kk: { words: ['есептен шығар*'] }, en: { words: ['spent from'] } },
  },
  {
    concept: 'an app (the authenticator, the bank app); kk «қосымша» is "additional"',
    word: { ru: 'приложение', kk: 'қолданба', en: 'app' },
    refused: { kk: { words: ['қосымша*'], where: { locale: 'ru', word: 'приложени*' } } },
  },
  {
    concept: "a visitor's visit in the lead's attribution",
    word: { ru: 'визит', kk: 'келу', en: 'visit' },
    refused: { kk: { words: ['жанасу*'] } },
  },
  {
    concept: 'the other person in the lesson room',
    word: { ru: 'собеседник', kk: 'әңгімелесуші', en: 'the other person' },
    refused: { en: { words: ['the other side'] } },
  },
];

/** Legitimate uses of a refused word: the key (or a file's path), the word as the glossary writes it, and why. */
export const GLOSSARY_ALLOWED: { key: string; word: string; reason: string }[] = [
  {
    key: 'ru:Registration.phone.consent',
    word: 'учётн* запис*',
    reason: 'the personal-data consent: its wording is versioned (lib/consent.ts CONSENT_VERSION), and a change makes everyone consent again',
  },
  { key: 'en:Admin.nav.dashboard', word: 'dashboard*', reason: "the back office's overview page is named Dashboard; it is not the student's account" },
  { key: 'en:Admin.dashboard.title', word: 'dashboard*', reason: "the back office's overview page is named Dashboard; it is not the student's account" },
  { key: 'en:StudentLanding.reviews.items.r4.text', word: 'move a lesson', reason: "a student's review in their own words" },
  { key: 'kk:Admin.scopes.finance', word: 'төлемд*', reason: '«төлемдер, қайтарымдар, төлемақы»: the customers\' payments next to the payouts' },
  { key: 'file:scripts/docs/tutor-rules.mjs', word: 'состояни*', reason: '«в актуальном состоянии» ("up to date"), not a status' },
  ...(['преподавател*', 'оқытушы*', 'teacher*'] as const).map((word) => ({ key: 'file:scripts/docs/public-offer.mjs', word, reason: 'the offer defines «Репетитор» as the teacher the school engages' })),
  ...(['үлгерім*', 'learner*', 'есептен шығар*'] as const).map((word) => ({
    key: 'file:scripts/docs/public-offer.mjs',
    word,
    reason: 'the public offer in force (its edition date): a wording change is a new edition of the offer, left to the next one',
  })),
  ...(['учётн* запис*', 'мәртебе*', 'үлгерім*'] as const).map((word) => ({
    key: 'file:scripts/docs/privacy-policy.mjs',
    word,
    reason: 'the privacy policy people consented to: a change of its wording needs a new CONSENT_VERSION (lib/consent.ts), left to the next edition',
  })),
  { key: 'kk:Admin.payouts.file.purpose', word: 'төлем', reason: 'the bank file\'s field «Төлем мақсаты» ("payment purpose") is the bank\'s name for it' },
];
