import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { recentSms } from '@/lib/sms/recent';

// Development only (ENABLE_DEV_TOOLS or `next dev`): the SMS the log driver "sent", with their
// codes, so the registration works on a fresh machine without a gateway.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false } };

export default async function DevOutboxPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  if (!env().ENABLE_DEV_TOOLS && env().NODE_ENV !== 'development') notFound();
  const t = await getTranslations('DevOutbox');
  const db = await getDb();
  const rows = await recentSms(db, null, 30);
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('text')}</p>
      <table className="mt-6 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            <th className="py-2">{t('to')}</th>
            <th className="py-2">{t('code')}</th>
            <th className="py-2">{t('status')}</th>
            <th className="py-2">{t('time')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-line/60">
              <td className="py-2">{r.recipient}</td>
              <td className="py-2 font-mono text-lg" data-testid="dev-code">
                {r.code ?? '******'}
              </td>
              <td className="py-2">{r.status}</td>
              <td className="py-2">{r.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="mt-4 text-muted">{t('empty')}</p>}
    </div>
  );
}
