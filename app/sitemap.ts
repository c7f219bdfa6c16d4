import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { MARKETING_PATHS, TEST_PATHS } from '@/lib/site-map';
import { absoluteUrl, localePath } from '@/lib/seo';

export default function sitemap(): MetadataRoute.Sitemap {
  return [...MARKETING_PATHS, ...TEST_PATHS].flatMap((path) =>
    routing.locales.map((locale) => ({
      url: absoluteUrl(localePath(locale, path)),
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.8,
      alternates: {
        languages: Object.fromEntries(routing.locales.map((l) => [l, absoluteUrl(localePath(l, path))])),
      },
    })),
  );
}
