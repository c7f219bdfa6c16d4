/**
 * Shared types of the English placement test and the Kazakh level test.
 *
 * The banks (bank-en.ts, bank-kk.ts) hold full items, answers included: they are server-side data.
 * What may reach the browser is a PublicItem (see draw.ts): no answer, no level.
 */

export const SKILLS = ['grammar', 'vocabulary', 'reading'] as const;
export type Skill = (typeof SKILLS)[number];

export type Language = 'en' | 'kk';

export interface Band<L extends string = string> {
  /** Stable id stored with results. */
  id: L;
  /** Name shown to the taker (English names for the English test, Kazakh names for the Kazakh one). */
  name: string;
  /** CEFR band label. */
  cefr: string;
}

/**
 * English placement bands, easiest first. Beginner is the floor (below A1, "A1-"; the CEFR
 * Companion Volume calls the same band "Pre-A1").
 */
export const EN_BANDS = [
  { id: 'beginner', name: 'Beginner', cefr: 'A1-' },
  { id: 'elementary', name: 'Elementary', cefr: 'A1' },
  { id: 'pre-intermediate', name: 'Pre-Intermediate', cefr: 'A2' },
  { id: 'intermediate', name: 'Intermediate', cefr: 'B1' },
  { id: 'upper-intermediate', name: 'Upper-Intermediate', cefr: 'B2' },
  { id: 'advanced', name: 'Advanced', cefr: 'C1' },
] as const satisfies readonly Band[];

/**
 * Kazakh bands, easiest first, named as the state test ҚАЗТЕСТ names its five levels:
 * A1 қарапайым, A2 базалық, B1 орта, B2 ортадан жоғары, C1 жоғары.
 */
export const KK_BANDS = [
  { id: 'A1', name: 'Қарапайым деңгей', cefr: 'A1' },
  { id: 'A2', name: 'Базалық деңгей', cefr: 'A2' },
  { id: 'B1', name: 'Орта деңгей', cefr: 'B1' },
  { id: 'B2', name: 'Ортадан жоғары деңгей', cefr: 'B2' },
  { id: 'C1', name: 'Жоғары деңгей', cefr: 'C1' },
] as const satisfies readonly Band[];

export type EnLevel = (typeof EN_BANDS)[number]['id'];
export type KkLevel = (typeof KK_BANDS)[number]['id'];
export type Level = EnLevel | KkLevel;

export const BANDS: { en: readonly Band<EnLevel>[]; kk: readonly Band<KkLevel>[] } = {
  en: EN_BANDS,
  kk: KK_BANDS,
};

/** One multiple-choice item, as stored in a bank (server-side only). */
export interface QuizItem<L extends Level = Level> {
  /** Stable id: `{language}-{g|v|r}-{NNN}`, e.g. 'en-g-017'. Results refer to it. */
  id: string;
  skill: Skill;
  level: L;
  /** The question, or a sentence with a gap written as ___. */
  prompt: string;
  /** Reading items only: the text (2-5 sentences) the prompt asks about. */
  passage?: string;
  /** 3 or 4 distinct options. */
  options: readonly string[];
  /** Index of the one correct option in `options`. */
  answer: number;
}

export interface QuizBank<L extends Level = Level> {
  language: Language;
  /** Bands easiest first; the order defines "easier" and the scoring ladder. */
  bands: readonly Band<L>[];
  items: readonly QuizItem<L>[];
}

/** What the browser may see of an item: no answer, no level. */
export interface PublicItem {
  id: string;
  skill: Skill;
  prompt: string;
  passage?: string;
  options: string[];
}

/** Server-side answer key of one drawn test: item id → index of the correct option as shown. */
export type KeyMap = Record<string, number>;

/** Server-side facts about a drawn item that scoring needs. */
export interface ItemMeta<L extends Level = Level> {
  id: string;
  skill: Skill;
  level: L;
}

/** The taker's answers: item id → chosen option index as shown, or null when skipped. */
export type Answers = Record<string, number | null | undefined>;

export function bandsOf(language: Language): readonly Band<Level>[] {
  return BANDS[language];
}

export function languageOfLevel(level: Level): Language {
  return (EN_BANDS as readonly Band[]).some((b) => b.id === level) ? 'en' : 'kk';
}

/**
 * Answers a Kazakh sitting needs for a level: two thirds of its items (20 of 30). Fewer, and the
 * result is "not determined" (no level, no certificate): a nearly empty sitting tells nothing.
 */
export const minAnswers = (total: number) => Math.ceil((total * 2) / 3);
