import { publicEnv } from '@/lib/public-env';
import { absoluteUrl, localePath } from '@/lib/seo';

export function JsonLd({ data }: { data: object }) {
  // "<" is escaped so that no value can close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

export function organizationJsonLd(locale: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: 'Tilmen',
    legalName: 'ТОО «Тилмен Онлайн»',
    url: absoluteUrl(localePath(locale, '/')),
    logo: absoluteUrl('/icon-512.png'),
    email: publicEnv.NEXT_PUBLIC_SUPPORT_EMAIL,
    telephone: publicEnv.NEXT_PUBLIC_SUPPORT_PHONE,
    address: { '@type': 'PostalAddress', addressLocality: 'Almaty', addressCountry: 'KZ', streetAddress: 'Abay ave. 150' },
    sameAs: [publicEnv.NEXT_PUBLIC_INSTAGRAM_URL, publicEnv.NEXT_PUBLIC_FACEBOOK_URL, publicEnv.NEXT_PUBLIC_LINKEDIN_URL],
    areaServed: 'KZ',
    availableLanguage: ['ru', 'kk', 'en'],
  };
}
