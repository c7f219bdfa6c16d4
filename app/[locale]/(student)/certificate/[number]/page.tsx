import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { addressHash, lookupCertificate } from '@/lib/certificates/lookup';
import { getDb } from '@/lib/db/client';
import { KK_LEVEL_LABEL } from '@/lib/quiz/attempts';
import { buildMetadata } from '@/lib/seo';
import { intlLocale, SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

type Props = { params: Promise<{ locale: Locale; number: string }> };

// Certificates live in the database: rendered per request, never indexed.
export const dynamic = 'force-dynamic';

/**
 * One look-up per request (metadata and page share it): counted against the caller's address;
 * an unknown or malformed number is a 404 that does not repeat the number.
 */
const lookup = cache(async (raw: string) => {
  let number: string;
  try {
    number = decodeURIComponent(raw);
  } catch {
    number = raw;
  }
  const result = await lookupCertificate(await getDb(), addressHash(await headers()), number);
  if (result.status === 'not_found') notFound();
  return result;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, number } = await params;
  const t = await getTranslations({ locale, namespace: 'Tests.certificate' });
  const result = await lookup(number);
  const title = result.status === 'found' ? t('metaTitle', { number: result.certificate.number }) : t('title');
  const path = result.status === 'found' ? `/certificate/${result.certificate.number}` : '/certificate';
  const meta = buildMetadata(locale, path, title, t('issuer'));
  return { ...meta, robots: { index: false, follow: false } };
}

/** The public page a certificate's QR code opens: it confirms the certificate (or is a 404). */
export default async function CertificatePage({ params }: Props) {
  const { locale, number } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Tests.certificate');
  const result = await lookup(number);
  const found = result.status === 'found' ? result.certificate : null;
  const formatDate = new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: SCHOOL_FIXED_ZONE });
  const date = found ? formatDate.format(found.issuedAt) : '';
  // Revoked by the school: said first and plainly, with the day; the details stay for reference.
  const revoked = found?.revokedAt ?? null;
  return (
    <div className="container-page max-w-2xl py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('title')}</h1>
      {found ? (
        <section
          aria-labelledby="certificate-status"
          className={`mt-8 rounded-2xl border-2 bg-white p-6 shadow-sm md:p-8 ${revoked ? 'border-danger/50' : 'border-[#0b7a63]/50'}`}
        >
          <p id="certificate-status" className={`flex items-center gap-3 text-xl font-bold ${revoked ? 'text-danger' : 'text-[#0b7a63]'}`} data-testid="certificate-status">
            <svg aria-hidden="true" className="size-7 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
              <circle cx="12" cy="12" r="10" />
              <path d={revoked ? 'M8.5 8.5l7 7M15.5 8.5l-7 7' : 'M7 12.5l3.2 3.2L17 9'} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {revoked ? t('revoked') : t('valid')}
          </p>
          {revoked && (
            <p className="mt-3 text-danger" data-testid="certificate-revoked">
              {t('revokedOn', { date: formatDate.format(revoked) })}
            </p>
          )}
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-muted">{t('number')}</dt>
              <dd className="font-mono text-lg font-semibold">{found.number}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t('name')}</dt>
              {found.name === null ? (
                <dd className="text-muted" data-testid="certificate-name">
                  {t('nameRemoved')}
                </dd>
              ) : (
                <dd className="text-lg font-semibold" data-testid="certificate-name">
                  {found.name}
                </dd>
              )}
            </div>
            <div>
              <dt className="text-sm text-muted">{t('level')}</dt>
              <dd className="text-lg font-semibold" data-testid="certificate-level">
                <span>{KK_LEVEL_LABEL(found.level)}</span> — <span lang="kk">{found.levelName}</span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t('date')}</dt>
              <dd className="text-lg font-semibold">{date}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-muted">{t('identity')}</dt>
              <dd className={`text-lg font-semibold ${found.identityChecked ? '' : 'text-danger'}`} data-testid="certificate-identity">
                {found.identityChecked ? t('identityChecked') : t('identityUnchecked')}
              </dd>
            </div>
            {found.companyName && (
              <div className="sm:col-span-2">
                <dt className="text-sm text-muted">{t('company')}</dt>
                <dd className="text-lg font-semibold">{found.companyName}</dd>
              </div>
            )}
          </dl>
          <p className="mt-6 text-sm text-muted">{t('issuer')}</p>
        </section>
      ) : (
        <section className="mt-8 rounded-2xl border-2 border-danger/40 bg-white p-6 shadow-sm md:p-8">
          <p className="text-xl font-bold text-danger" data-testid="certificate-status">
            {t('limited')}
          </p>
          <p className="mt-3 text-muted">{t('limitedHint')}</p>
        </section>
      )}
    </div>
  );
}
