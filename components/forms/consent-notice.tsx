import { clientEnv, localizedDocUrl } from '@/lib/public-env-client';

/**
 * What is done with the personal data a form sends, and the privacy policy, next to its submit
 * button. The text belongs to the consent version the form sends (lib/consent.ts). No hooks: it
 * renders the same on the server and in any island.
 */
export function ConsentNotice({ text, policy, locale, className = 'text-xs text-muted' }: { text: string; policy: string; locale: string; className?: string }) {
  return (
    <p className={className} data-testid="consent-notice">
      {text}{' '}
      <a href={localizedDocUrl(clientEnv.NEXT_PUBLIC_PRIVACY_URL, locale)} target="_blank" rel="noopener" className="text-brand-dark underline underline-offset-2 hover:no-underline">
        {policy}
      </a>
    </p>
  );
}
