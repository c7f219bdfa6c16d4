import 'server-only';
import { KK_BANDS, type KkLevel, type QuizBank, type QuizItem } from './types';

/**
 * Kazakh level bank, written for Tilmen (original items, not taken from ҚАЗТЕСТ or any exam),
 * graded to the five ҚАЗТЕСТ levels A1-C1, one file a level in bank-kk/ (grammar, vocabulary and
 * reading in equal shares), one correct option each. Instructions: KK_TEST_INSTRUCTIONS in instructions.ts.
 * Server-side data: it carries the answers. Send only what draw.ts makes public.
 */
import { A1_ITEMS } from './bank-kk/a1';
import { A2_ITEMS } from './bank-kk/a2';
import { B1_ITEMS } from './bank-kk/b1';
import { B2_ITEMS } from './bank-kk/b2';
import { C1_ITEMS } from './bank-kk/c1';

export const KK_ITEMS: readonly QuizItem<KkLevel>[] = [...A1_ITEMS, ...A2_ITEMS, ...B1_ITEMS, ...B2_ITEMS, ...C1_ITEMS];

export const KK_BANK: QuizBank<KkLevel> = { language: 'kk', bands: KK_BANDS, items: KK_ITEMS };
