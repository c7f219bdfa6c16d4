import type { Metadata } from 'next';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { PaymentResult } from '@/components/checkout/payment-result';
import type { PlainMessages } from '@/lib/i18n/plain';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Where the provider's hosted page sends the buyer back (backLink / failureBackLink). The page
// trusts nothing in its address but the invoice number: the status comes from our server.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Checkout' });
  return { title: t('returnTitle'), robots: { index: false, follow: false } };
}

export default async function CheckoutReturnPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const raw = query.invoice;
  const invoice = typeof raw === 'string' && /^\d{6,15}$/.test(raw) ? raw : null;
  // The bank's failure link (lib/payments/checkout.ts): the payment was not completed there.
  const failed = query.back === 'failed';
  // The island draws the title too: it names what was bought once the order is known.
  return (
    <div className="container-page max-w-2xl py-10 md:py-14">
      <PaymentResult invoice={invoice} failed={failed} messages={(await getMessages()).Checkout as PlainMessages} />
    </div>
  );
}
