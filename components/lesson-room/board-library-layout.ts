import type { Localized, PublicStep } from '@/components/library/types';

/**
 * What a unit's page looks like on the lesson room's board, before it is drawn (docs/library.md
 * "The board"): the step as a student gets it (`publicStep`: never a key), its instructions and
 * translations in the student's language, the rest in the language taught; gaps as blanks, options
 * lettered, a matching's two columns and a word order's words in the order the server scrambled.
 * Pure: the preview (HTML) and the board (Excalidraw, board-library-draw.ts) draw the same blocks.
 */

export type BoardLang = keyof Localized;
export const BOARD_LANGS: readonly BoardLang[] = ['ru', 'kk', 'en'];

/** GET /api/lessons/{id}/room/library/{slug}/{unit}. */
export interface BoardUnit {
  course: { slug: string; subject: string; level: string; title: Localized };
  unit: { key: string; title: Localized; version: number };
  steps: PublicStep[];
  /** The student's language (a one-on-one lesson's); null: the tutor chooses. */
  lang: BoardLang | null;
}

export type Block =
  /** The page's title (a text's or a grammar note's, "New words"). */
  | { kind: 'heading'; text: string }
  /** Instructions in the student's language. */
  | { kind: 'lead'; text: string }
  /** Text in the language taught: a body, a question, a task. */
  | { kind: 'text'; text: string }
  /** Smaller: an example, a word count, a hint. */
  | { kind: 'note'; text: string }
  /** A word and its translation, its example under it. */
  | { kind: 'word'; text: string; note?: string }
  /** An answer option, boxed: "a) am". */
  | { kind: 'option'; text: string }
  /** A word order's words, boxed in a row. */
  | { kind: 'chips'; items: string[] }
  /** A matching's row: a left item and a right item (the right column scrambled). */
  | { kind: 'pair'; left: string; right: string }
  /** A text's or a grammar note's picture (a media-store name) and its description in the student's language ('' when it only decorates). */
  | { kind: 'image'; name: string; alt: string };

export interface BoardPage {
  stepId: string;
  /** Its name on the board: the unit's title and the page's place in it. */
  name: string;
  blocks: Block[];
}

/** The few words of the board's own in the student's language (messages `BoardPage`). */
export interface BoardLabels {
  words: string;
  examples: string;
  listen: string;
  minWords: (count: number) => string;
  seconds: (seconds: number) => string;
}

/** A text block's cap: a long body goes on as several (each a board element well under the server's 16 KiB). */
export const BLOCK_CHARS = 1200;
const BLANK = '________';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const pick = (text: Localized, lang: BoardLang) => text[lang] || text.ru;

/** A body as paragraphs, each cut at sentence ends (or spaces) to at most BLOCK_CHARS. */
export function paragraphs(body: string): string[] {
  const out: string[] = [];
  for (const para of body.split(/\n\s*\n|\n/).map((p) => p.trim()).filter(Boolean)) {
    let rest = para;
    while (rest.length > BLOCK_CHARS) {
      const head = rest.slice(0, BLOCK_CHARS);
      const cut = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
      const at = cut > BLOCK_CHARS / 2 ? cut + 1 : head.lastIndexOf(' ') > 0 ? head.lastIndexOf(' ') : BLOCK_CHARS;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** A text with a blank for each `___` (a gap, a choice's missing word), numbered when there are several gaps. */
export function blanks(text: string, gaps: number): string {
  let n = 0;
  return text.replace(/___/g, () => (gaps > 1 ? `(${++n}) ${BLANK}` : BLANK));
}

/** The blocks of one step. */
export function stepBlocks(step: PublicStep, lang: BoardLang, labels: BoardLabels): Block[] {
  const lead = (prompt: Localized): Block => ({ kind: 'lead', text: pick(prompt, lang) });
  const picture = (s: { image?: string; imageAlt?: Localized }): Block[] => (s.image ? [{ kind: 'image', name: s.image, alt: s.imageAlt ? pick(s.imageAlt, lang) : '' }] : []);
  const options = (list: readonly string[]): Block[] => list.map((o, i) => ({ kind: 'option', text: `${LETTERS[i] ?? i + 1}) ${o}` }));
  switch (step.kind) {
    case 'text':
      return [...(step.title ? [{ kind: 'heading', text: pick(step.title, lang) } as Block] : []), ...picture(step), ...paragraphs(step.body).map((text): Block => ({ kind: 'text', text }))];
    case 'words':
      return [{ kind: 'heading', text: labels.words }, ...step.words.map((w): Block => ({ kind: 'word', text: `${w.word} — ${pick(w.translation, lang)}`, ...(w.example ? { note: w.example } : {}) }))];
    case 'grammar':
      return [
        { kind: 'heading', text: pick(step.title, lang) },
        ...picture(step),
        ...paragraphs(pick(step.body, lang)).map((text): Block => ({ kind: 'text', text })),
        ...(step.examples?.length ? [{ kind: 'lead', text: labels.examples } as Block, ...step.examples.map((e): Block => ({ kind: 'note', text: `• ${e}` }))] : []),
      ];
    case 'choice':
      return [lead(step.prompt), { kind: 'text', text: blanks(step.question, 1) }, ...options(step.options)];
    case 'listening':
      return [lead(step.prompt), { kind: 'note', text: labels.listen }, { kind: 'text', text: blanks(step.question, 1) }, ...options(step.options)];
    case 'gap':
      return [lead(step.prompt), ...paragraphs(blanks(step.text, step.gaps)).map((text): Block => ({ kind: 'text', text }))];
    case 'matching':
      return [lead(step.prompt), ...step.left.map((left, i): Block => ({ kind: 'pair', left: `${i + 1}. ${left}`, right: `${LETTERS[i] ?? i + 1}) ${step.right[i] ?? ''}` }))];
    case 'order':
      return [lead(step.prompt), { kind: 'chips', items: [...step.tokens] }];
    case 'writing':
      return [lead(step.prompt), ...paragraphs(step.task).map((text): Block => ({ kind: 'text', text })), ...(step.minWords ? [{ kind: 'note', text: labels.minWords(step.minWords) } as Block] : [])];
    case 'speaking':
      return [lead(step.prompt), ...paragraphs(step.task).map((text): Block => ({ kind: 'text', text })), ...(step.seconds ? [{ kind: 'note', text: labels.seconds(step.seconds) } as Block] : [])];
  }
}

/** A step's line in the page list: its first words (a title, a question, a task, the words). */
export function stepSummary(step: PublicStep, lang: BoardLang): string {
  const text = (() => {
    switch (step.kind) {
      case 'text':
        return step.title ? pick(step.title, lang) : step.body;
      case 'words':
        return step.words.map((w) => w.word).join(', ');
      case 'grammar':
        return pick(step.title, lang);
      case 'choice':
      case 'listening':
        return step.question;
      case 'gap':
        return blanks(step.text, step.gaps);
      case 'matching':
        return step.left.join(', ');
      case 'order':
        return pick(step.prompt, lang);
      case 'writing':
      case 'speaking':
        return step.task;
    }
  })();
  return text.length > 60 ? `${text.slice(0, 59).trimEnd()}…` : text;
}

/** The pages to put on the board: one step (its id), or every step of the unit (`all`), in order. */
export function boardPages(unit: Pick<BoardUnit, 'unit' | 'steps'>, choice: string, lang: BoardLang, labels: BoardLabels): BoardPage[] {
  const title = pick(unit.unit.title, lang);
  const count = unit.steps.length;
  return unit.steps
    .map((step, i) => ({ step, n: i + 1 }))
    .filter(({ step }) => choice === 'all' || step.id === choice)
    .map(({ step, n }) => ({ stepId: step.id, name: `${title} · ${n}/${count}`, blocks: stepBlocks(step, lang, labels) }));
}

/** The pictures the pages show (media-store names), each once, in order: what the board fetches before drawing them. */
export function pagePictures(pages: readonly BoardPage[]): string[] {
  return [...new Set(pages.flatMap((p) => p.blocks.flatMap((b) => (b.kind === 'image' ? [b.name] : []))))];
}

/**
 * The pages as the board draws them once their pictures were fetched: a picture that did not load
 * becomes a note with its description (nothing when it has none), so the page still opens.
 */
export function withPictures(pages: readonly BoardPage[], loaded: (name: string) => boolean): BoardPage[] {
  return pages.map((p) => ({ ...p, blocks: p.blocks.flatMap((b): Block[] => (b.kind !== 'image' || loaded(b.name) ? [b] : b.alt ? [{ kind: 'note', text: b.alt }] : [])) }));
}

/** A picture's size on a page: the page's inner width, its proportions kept, no taller than `maxHeight`. */
export function pictureSize(picture: { width: number; height: number }, inner: number, maxHeight: number): { width: number; height: number } {
  const ratio = picture.height / Math.max(1, picture.width);
  const width = Math.min(inner, maxHeight / Math.max(ratio, 1e-6));
  return { width: Math.round(width), height: Math.round(width * ratio) };
}
