import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing.mjs';

const MESSAGES = {
  ru: { title: 'Tilmen', lead: 'Английский и казахский онлайн с репетитором.' },
  kk: { title: 'Tilmen', lead: 'Репетитормен онлайн ағылшын және қазақ тілі.' },
  en: { title: 'Tilmen', lead: 'English and Kazakh online with a tutor.' },
};

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: MESSAGES[locale] };
});
