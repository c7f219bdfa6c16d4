import { describe, expect, it } from 'vitest';
import { createTranslator } from 'use-intl/core';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import englishA1 from '@/content/library/english-a1.json';
import kazakhA1 from '@/content/library/kazakh-a1.json';
import { publicStep } from '@/lib/library/check';
import { stepSchema } from '@/lib/library/format';
import { BLOCK_CHARS, blanks, boardPages, pagePictures, paragraphs, pictureSize, withPictures, type BoardLabels, type BoardLang, type BoardUnit } from './board-library-layout';
import { BOARD_BATCH_CHARS, createBoardStore, PAGE_MARK, sendBoardChanges, type BoardElement } from './board-store';

const labels = (lang: BoardLang): BoardLabels => {
  const t = createTranslator({ locale: lang, messages: { ru, kk, en }[lang], namespace: 'BoardPage' });
  return { words: t('words'), examples: t('examples'), listen: t('listen'), minWords: (count) => t('minWords', { count }), seconds: (seconds) => t('seconds', { seconds }) };
};

type File = typeof englishA1;
const unitOf = (file: File | typeof kazakhA1, n: number): BoardUnit => {
  const u = file.units[n]!;
  return {
    course: { slug: file.slug, subject: file.subject, level: file.level, title: file.title },
    unit: { key: u.id, title: u.title, version: 1 },
    steps: u.steps.map((s) => publicStep(stepSchema.parse(s))),
    lang: null,
  };
};
const texts = (pages: ReturnType<typeof boardPages>) => pages.flatMap((p) => p.blocks.flatMap((b) => (b.kind === 'chips' ? b.items : b.kind === 'pair' ? [b.left, b.right] : b.kind === 'word' ? [b.text, b.note ?? ''] : b.kind === 'image' ? [b.alt] : [b.text])));

describe('a library page on the board (board-library-layout.ts)', () => {
  it('writes the instructions and translations in the student\'s language, the rest in the language taught, and no key', () => {
    const hello = unitOf(englishA1, 0);
    const all = boardPages(hello, 'all', 'kk', labels('kk'));
    expect(all.map((p) => p.stepId)).toEqual(hello.steps.map((s) => s.id));
    expect(all[0]!.name).toBe(`${englishA1.units[0]!.title.kk} · 1/${hello.steps.length}`);
    const words = all.find((p) => p.blocks.some((b) => b.kind === 'word'))!;
    expect(words.blocks[0]).toEqual({ kind: 'heading', text: 'Жаңа сөздер' });
    const first = englishA1.units[0]!.steps.find((s) => s.kind === 'words')!.words![0]!;
    expect(words.blocks[1]).toEqual({ kind: 'word', text: `${first.word} — ${first.translation.kk}`, note: first.example });
    const choice = englishA1.units[0]!.steps.find((s) => s.kind === 'choice')!;
    const page = boardPages(hello, choice.id, 'kk', labels('kk'));
    expect(page).toHaveLength(1);
    expect(page[0]!.blocks).toEqual([
      { kind: 'lead', text: choice.prompt!.kk },
      { kind: 'text', text: choice.question!.replace('___', '________') },
      ...choice.options!.map((o, i) => ({ kind: 'option', text: `${'abc'[i]}) ${o}` })),
    ]);
    // The same page for a Russian-speaking student: only the instructions change.
    expect(boardPages(hello, choice.id, 'ru', labels('ru'))[0]!.blocks[0]).toEqual({ kind: 'lead', text: choice.prompt!.ru });
    // A word order's sentence never appears whole; a matching's right column is not in the key's order.
    for (const s of englishA1.units.flatMap((u) => u.steps)) {
      if (s.kind === 'order') expect(texts(all).join('\n')).not.toContain(s.answer);
    }
    const matching = englishA1.units[0]!.steps.find((s) => s.kind === 'matching')!;
    const rows = boardPages(hello, matching.id, 'en', labels('en'))[0]!.blocks.filter((b) => b.kind === 'pair');
    expect(rows.map((r) => (r as { right: string }).right.slice(3))).not.toEqual(matching.pairs!.map((p) => p[1]));
  });

  it('draws gaps as blanks, the word count and the time in the student\'s language, Kazakh letters as they are', () => {
    expect(blanks('My ___ is Timur.', 1)).toBe('My ________ is Timur.');
    expect(blanks('I ___ from ___.', 2)).toBe('I (1) ________ from (2) ________.');
    expect(labels('ru').minWords(21)).toBe('Не меньше 21 слова');
    expect(labels('ru').minWords(25)).toBe('Не меньше 25 слов');
    expect(labels('kk').seconds(60)).toBe('60 секундқа дейін');
    const kazakh = boardPages(unitOf(kazakhA1, 0), 'all', 'ru', labels('ru'));
    const all = texts(kazakh).join('\n');
    expect(all).toMatch(/[әғқңөұүһі]/);
    expect(all).not.toMatch(/(^|[^_])___([^_]|$)/m);
    expect(all).toContain('________');
    const writing = kazakhA1.units[0]!.steps.find((s) => s.kind === 'writing' && s.minWords);
    if (writing) expect(all).toContain(labels('ru').minWords(writing.minWords!));
  });

  it('cuts a long text into blocks each under the cap, at sentence ends', () => {
    const long = Array.from({ length: 120 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const parts = paragraphs(`${long}\n\nSecond paragraph.`);
    expect(parts.length).toBeGreaterThan(3);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(BLOCK_CHARS);
    expect(parts.slice(0, -1).every((p) => p.endsWith('.'))).toBe(true);
    expect(parts.join(' ').replace(/\s+/g, ' ')).toBe(`${long} Second paragraph.`);
    expect(paragraphs('x'.repeat(3000)).every((p) => p.length <= BLOCK_CHARS)).toBe(true);
  });
});

describe('a text\'s and a grammar note\'s picture on a library page (board-library-layout.ts)', () => {
  const alt = { ru: 'Девочка машет рукой', kk: 'Қыз қол бұлғап тұр', en: 'A girl waving' };
  const hello = unitOf(englishA1, 0);
  const text = hello.steps.find((s) => s.kind === 'text')!;
  const grammar = hello.steps.find((s) => s.kind === 'grammar')!;
  const illustrated: BoardUnit = {
    ...hello,
    steps: hello.steps.map((s) => (s === text ? { ...s, image: 'i-text.webp', imageAlt: alt } : s === grammar ? { ...s, image: 'i-grammar.webp' } : s)),
  };

  it('comes after the page\'s heading, described in the student\'s language (\'\' when it only decorates)', () => {
    const [textPage] = boardPages(illustrated, text.id, 'kk', labels('kk'));
    const plain = boardPages(hello, text.id, 'kk', labels('kk'))[0]!;
    const at = text.kind === 'text' && text.title ? 1 : 0;
    expect(textPage!.blocks).toEqual([...plain.blocks.slice(0, at), { kind: 'image', name: 'i-text.webp', alt: alt.kk }, ...plain.blocks.slice(at)]);
    expect(boardPages(illustrated, text.id, 'en', labels('en'))[0]!.blocks[at]).toEqual({ kind: 'image', name: 'i-text.webp', alt: alt.en });
    const grammarPage = boardPages(illustrated, grammar.id, 'ru', labels('ru'))[0]!;
    expect(grammarPage.blocks[0]!.kind).toBe('heading');
    expect(grammarPage.blocks[1]).toEqual({ kind: 'image', name: 'i-grammar.webp', alt: '' });
    expect(grammarPage.blocks.slice(2)).toEqual(boardPages(hello, grammar.id, 'ru', labels('ru'))[0]!.blocks.slice(1));
    // No other page has one.
    expect(boardPages(hello, 'all', 'ru', labels('ru')).flatMap((p) => p.blocks).some((b) => b.kind === 'image')).toBe(false);
  });

  it('names each picture the board must fetch once, and a picture that did not load becomes its description, or nothing', () => {
    const twice: BoardUnit = { ...illustrated, steps: illustrated.steps.map((s) => (s === illustrated.steps.find((x) => x.kind === 'grammar') ? { ...s, image: 'i-text.webp', imageAlt: alt } : s)) };
    const all = boardPages(twice, 'all', 'kk', labels('kk'));
    expect(pagePictures(all)).toEqual(['i-text.webp']);
    expect(pagePictures(boardPages(illustrated, 'all', 'kk', labels('kk')))).toEqual([...new Set(illustrated.steps.flatMap((s) => ('image' in s && s.image ? [s.image] : [])))]);
    expect(pagePictures(boardPages(hello, 'all', 'kk', labels('kk')))).toEqual([]);

    const pages = boardPages(illustrated, 'all', 'kk', labels('kk'));
    const loaded = withPictures(pages, () => true);
    expect(loaded).toEqual(pages);
    const failed = withPictures(pages, (name) => name !== 'i-text.webp' && name !== 'i-grammar.webp');
    const textAt = pages.findIndex((p) => p.stepId === text.id);
    const grammarAt = pages.findIndex((p) => p.stepId === grammar.id);
    expect(failed[textAt]!.blocks).toEqual(pages[textAt]!.blocks.map((b) => (b.kind === 'image' ? { kind: 'note', text: alt.kk } : b)));
    expect(failed[grammarAt]!.blocks).toEqual(pages[grammarAt]!.blocks.filter((b) => b.kind !== 'image'));
    expect(failed.map((p) => p.stepId)).toEqual(pages.map((p) => p.stepId));
  });

  it('is as wide as the page\'s text, its proportions kept, no taller than the cap', () => {
    expect(pictureSize({ width: 1200, height: 800 }, 400, 560)).toEqual({ width: 400, height: 267 });
    expect(pictureSize({ width: 200, height: 100 }, 400, 560)).toEqual({ width: 400, height: 200 });
    expect(pictureSize({ width: 600, height: 1800 }, 400, 560)).toEqual({ width: 187, height: 560 });
    expect(pictureSize({ width: 400, height: 560 }, 400, 560)).toEqual({ width: 400, height: 560 });
  });
});

describe('the board store and its messages', () => {
  const frame = (id: string, version = 1, opened = id, page = 0): BoardElement => ({ id, version, type: 'frame', customData: { mark: PAGE_MARK, course: 'english-a1', unit: 'hello', step: 'be-i', lang: 'kk', opened, page } });

  it('tells once that the other side opened a library page, not when one already seen changes', () => {
    const store = createBoardStore();
    expect(store.receive([{ id: 'r', version: 1, type: 'rectangle' }])).toBe(false);
    expect(store.takeNewPage()).toBeNull();
    expect(store.receive([frame('p1'), frame('p2')])).toBe(true);
    expect(store.takeNewPage()).toBe('p2');
    expect(store.takeNewPage()).toBeNull();
    // Moved (a newer version): not a new page. This side's own page is noted, not received.
    expect(store.receive([frame('p1', 2)])).toBe(false);
    expect(store.note(frame('mine'))).toBe(true);
    expect(store.receive([frame('mine')])).toBe(false);
    expect(store.takeNewPage()).toBeNull();
  });

  it('brings the first page of a whole unit into view, whatever order its batches come in', () => {
    const store = createBoardStore();
    expect(store.receive([frame('u2', 1, 'open-1', 2), frame('u1', 1, 'open-1', 1)])).toBe(true);
    expect(store.takeNewPage()).toBe('u1');
    // The batch with its first page comes later: that one; the rest of the opening does not move the view.
    store.receive([frame('u0', 1, 'open-1', 0)]);
    expect(store.takeNewPage()).toBe('u0');
    store.receive([frame('u3', 1, 'open-1', 3)]);
    expect(store.takeNewPage()).toBeNull();
    // A new opening is shown again.
    store.receive([frame('v0', 1, 'open-2', 0)]);
    expect(store.takeNewPage()).toBe('v0');
  });

  it('sends a library page\'s large texts in batches under the message\'s size', async () => {
    const big = (i: number): BoardElement => ({ id: `t${i}`, version: 1, type: 'text', text: 'ә'.repeat(10_000) });
    const sent: BoardElement[][] = [];
    expect(await sendBoardChanges(Array.from({ length: 40 }, (_, i) => big(i)), async (b) => void sent.push(b))).toBeNull();
    expect(sent.flat()).toHaveLength(40);
    for (const batch of sent) expect(JSON.stringify(batch).length).toBeLessThanOrEqual(BOARD_BATCH_CHARS + 1000);
    expect(sent.length).toBeGreaterThan(2);
  });
});
