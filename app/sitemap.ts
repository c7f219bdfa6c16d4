import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { cachedPublicGroups } from '@/lib/groups/cached';
import { publishedTutors } from '@/lib/marketplace/catalogue';
import { CATALOGUE_PATHS, MARKETING_PATHS, TEST_PATHS } from '@/lib/site-map';
import { absoluteUrl, localePath } from '@/lib/seo';

// Tutor and group pages come from the database: the sitemap is built on request (from the cached catalogue), not at build time.
export const dynamic = 'force-dynamic';

const entry = (path: string, priority: number, changeFrequency: 'weekly' | 'daily' = 'weekly') =>
  routing.locales.map((locale) => ({
    url: absoluteUrl(localePath(locale, path)),
    changeFrequency,
    priority,
    alternates: {
      languages: Object.fromEntries(routing.locales.map((l) => [l, absoluteUrl(localePath(l, path))])),
    },
  }));

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const tutors = await publishedTutors().catch(() => []);
  const groups = await cachedPublicGroups().catch(() => []);
  return [
    ...[...MARKETING_PATHS, ...TEST_PATHS].flatMap((path) => entry(path, path === '/' ? 1 : 0.8)),
    ...CATALOGUE_PATHS.flatMap((path) => entry(path, 0.9, 'daily')),
    ...tutors.flatMap((t) => entry(`/tutors/${t.slug}`, 0.7)),
    ...groups.flatMap((g) => entry(`/groups/${g.id}`, 0.7)),
  ];
}
