import { routing, type Locale } from '@/i18n/routing';

/** Picks ru/kk/en from an Accept-Language header, honouring q-values; ru when nothing matches. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header || header.length > 512) return routing.defaultLocale;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((x) => x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { base } of ranked) {
    if ((routing.locales as readonly string[]).includes(base)) return base as Locale;
  }
  return routing.defaultLocale;
}
