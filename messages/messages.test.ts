import { describe, expect, it } from 'vitest';
import ru from './ru.json';
import kk from './kk.json';
import en from './en.json';

type Tree = { [k: string]: string | Tree };
const catalogues: Record<string, Tree> = { ru, kk, en };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : leaves(v, `${prefix}${k}.`)));
}
// An argument is `{name}` or `{name, plural|select|number…`; the text of a plural option (`{New tutor}`) is not one.
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const maps = Object.fromEntries(Object.entries(catalogues).map(([l, t]) => [l, new Map(leaves(t))]));
  const all = new Set(Object.values(maps).flatMap((m) => [...m.keys()]));

  it.each(Object.keys(catalogues))('%s has every key of the other locales', (locale) => {
    const missing = [...all].filter((k) => !maps[locale]!.has(k));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(catalogues))('%s has no empty strings', (locale) => {
    const empty = [...maps[locale]!].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in every locale', () => {
    const mismatched = [...all].filter((k) => {
      const ref = JSON.stringify(placeholders(maps.ru!.get(k) ?? ''));
      return ['kk', 'en'].some((l) => JSON.stringify(placeholders(maps[l]!.get(k) ?? '')) !== ref);
    });
    expect(mismatched).toEqual([]);
  });

  it('Kazakh is written as Kazakh, not left in Russian', () => {
    const kkMap = maps.kk!;
    // Sentences of six words or more written in Cyrillic (names of English levels are shared).
    const long = [...kkMap].filter(([, v]) => v.split(/\s+/).length >= 6 && /[а-яё]/i.test(v));
    const withKazakhLetters = long.filter(([, v]) => /[әғқңөұүһі]/i.test(v));
    expect(withKazakhLetters.length / long.length).toBeGreaterThan(0.8);
    const sameAsRussian = long.filter(([k, v]) => maps.ru!.get(k) === v).map(([k]) => k);
    expect(sameAsRussian).toEqual([]);
  });
});

describe('global error page strings', () => {
  it('match the catalogues (regenerate with node scripts/gen-global-error-messages.mjs)', async () => {
    const { GLOBAL_ERROR_MESSAGES } = await import('@/lib/i18n/global-error-messages');
    expect(GLOBAL_ERROR_MESSAGES).toEqual({ ru: ru.GlobalError, kk: kk.GlobalError, en: en.GlobalError });
  });
});
