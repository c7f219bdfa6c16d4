import { getTranslations, setRequestLocale } from 'next-intl/server';

export default async function Page({ params }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations();
  return (
    <main>
      <h1>{t('title')}</h1>
      <p>{t('lead')}</p>
    </main>
  );
}
