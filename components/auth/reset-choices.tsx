import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';

/** The ways to reset a password: phone, e-mail, or support when neither can be reached. */
export async function ResetChoices({ except }: { except?: 'phone' | 'email' | 'qr' }) {
  const t = await getTranslations('Reset');
  const choices = [
    { key: 'phone' as const, href: '/reset-password/phone', title: t('byPhone'), text: t('byPhoneText') },
    { key: 'email' as const, href: '/reset-password/email', title: t('byEmail'), text: t('byEmailText') },
    { key: 'qr' as const, href: '/reset-password/qr', title: t('noAccess'), text: t('noAccessText') },
  ].filter((c) => c.key !== except);
  return (
    <ul className="grid gap-3">
      {choices.map((c) => (
        <li key={c.key}>
          <Link
            href={c.href}
            className="flex items-center justify-between gap-3 rounded-xl border border-line px-4 py-3.5 transition-colors duration-150 hover:border-brand-dark hover:bg-brand-tint"
          >
            <span>
              <span className="block font-medium text-ink">{c.title}</span>
              <span className="block text-sm text-muted">{c.text}</span>
            </span>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8" className="shrink-0 text-brand-dark">
              <path d="M6 3l5 5-5 5" />
            </svg>
          </Link>
        </li>
      ))}
    </ul>
  );
}
