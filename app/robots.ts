import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/seo';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/admin', '/kk/admin', '/en/admin', '/company', '/kk/company', '/en/company'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
