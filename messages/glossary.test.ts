import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/i18n/routing';
import en from './en.json';
import { GLOSSARY, GLOSSARY_ALLOWED, type Refusal } from './glossary';
import kk from './kk.json';
import ru from './ru.json';

type Tree = { [k: string]: string | Tree };
const catalogues: Record<Locale, Tree> = { ru, kk, en };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : leaves(v, `${prefix}${k}.`)));
const texts = Object.fromEntries(Object.entries(catalogues).map(([l, t]) => [l, new Map(leaves(t))])) as Record<Locale, Map<string, string>>;

const source = (word: string) => `(?<![\\p{L}\\p{N}])${word.replace(/[.?+^$()[\]{}|\\]/g, '\\$&').replace(/\*/g, '\\p{L}*').replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`;
/** «преподавател*» → a whole-word, case-insensitive pattern (letters of any script count as word letters), not right after `unlessAfter`. */
const pattern = (word: string, unlessAfter?: string) => new RegExp(`${unlessAfter ? `(?<!${source(unlessAfter)}\\s+)` : ''}${source(word)}`, 'iu');
// An ICU argument's name (`{cabinet}`, `{lessons, plural…`) is not text.
const prose = (s: string) => s.replace(/\{\s*\w+\s*(?=[,}])/g, '{');
const allowed = (key: string, word: string) => GLOSSARY_ALLOWED.some((a) => a.key === key && a.word === word);
const refusals = (r: Refusal | Refusal[] | undefined) => (r === undefined ? [] : Array.isArray(r) ? r : [r]);

// The Cyrillic copy outside the catalogues: the public documents' sources (scripts/docs, made into
// public/docs/*.pdf by scripts/make-docs.mjs) and the literals of lib/ (PDF labels, month names).
// Not lib/quiz (the Kazakh test's own questions) nor the seed data.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p.endsWith(path.join('lib', 'quiz')) ? [] : sourceFiles(p);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.|seed/.test(e.name) ? [p] : [];
  });
}
const root = path.resolve(__dirname, '..');
const files = [...sourceFiles(path.join(root, 'lib')), ...sourceFiles(path.join(root, 'scripts', 'docs'))];

describe('the glossary (messages/glossary.ts)', () => {
  it('names every chosen word in the three languages and refuses none of them', () => {
    for (const c of GLOSSARY)
      for (const [locale, r] of Object.entries(c.refused) as [Locale, Refusal | Refusal[]][])
        for (const { words, unlessAfter } of refusals(r)) for (const w of words) expect(pattern(w, unlessAfter).test(c.word[locale]), `${c.concept}: ${w}`).toBe(false);
  });

  it('every allowance has a reason and is still needed', () => {
    for (const a of GLOSSARY_ALLOWED) {
      expect(a.reason.length, a.key).toBeGreaterThan(10);
      const [locale, key] = a.key.split(':') as [Locale, string];
      const text = texts[locale]?.get(key) ?? (a.key.startsWith('file:') ? readFileSync(path.join(root, a.key.slice(5)), 'utf8') : undefined);
      expect(text, `${a.key} exists`).toBeDefined();
      expect(pattern(a.word).test(prose(text!)), `${a.key} still says ${a.word}`).toBe(true);
    }
  });

  it.each(['ru', 'kk', 'en'] as const)('%s catalogue uses no refused word', (locale) => {
    const found: string[] = [];
    for (const c of GLOSSARY)
      for (const r of refusals(c.refused[locale]))
        for (const [key, text] of texts[locale]) {
          if (r.keys && !r.keys.test(key)) continue;
          if (r.where && !pattern(r.where.word).test(prose(texts[r.where.locale].get(key) ?? ''))) continue;
          for (const w of r.words) {
            const m = prose(text).match(pattern(w, r.unlessAfter));
            if (m && !allowed(`${locale}:${key}`, w)) found.push(`${key}: «${m[0]}» (${c.concept}: say «${c.word[locale]}»)`);
          }
        }
    expect(found).toEqual([]);
  });

  it('the copy outside the catalogues (public documents, PDF literals) uses no refused word', () => {
    const found: string[] = [];
    for (const file of files) {
      const rel = path.relative(root, file);
      const lines = readFileSync(file, 'utf8').split('\n');
      // English words only in the public documents' sources: elsewhere English is code and comments.
      const locales: Locale[] = rel.startsWith(path.join('scripts', 'docs')) ? ['ru', 'kk', 'en'] : ['ru', 'kk'];
      lines.forEach((line, i) => {
        if (!/[\u0400-\u04FF]/.test(line) && !locales.includes('en')) return;
        for (const c of GLOSSARY)
          for (const locale of locales)
            for (const r of refusals(c.refused[locale])) {
              if (r.where || r.keys) continue;
              for (const w of r.words) {
                const m = line.match(pattern(w, r.unlessAfter));
                if (m && !allowed(`file:${rel}`, w)) found.push(`${rel}:${i + 1}: «${m[0]}» (${c.concept})`);
              }
            }
      });
    }
    expect(found).toEqual([]);
  });
});
