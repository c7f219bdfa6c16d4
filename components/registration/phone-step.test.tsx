// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/i18n/navigation';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import { PhoneStep } from './phone-step';
import { RegistrationProviders } from './providers';
import type { SmsPurpose } from './api';

function renderStep(purpose: SmsPurpose, locale: 'kk' | 'en', messages: typeof kk) {
  return render(
    <NextIntlClientProvider locale={locale} messages={messages}>
      <LocaleProvider locale={locale}>
        <RegistrationProviders>
          <PhoneStep title="Phone" current={2} total={4} focus={false} purpose={purpose} defaultPhone="" sms={null} persist={() => {}} onSent={() => {}} />
        </RegistrationProviders>
      </LocaleProvider>
    </NextIntlClientProvider>,
  );
}

describe('the phone step of the wizards: where personal data first leaves the browser', () => {
  it('registration: says what is done with the data and links the privacy policy, above the button', () => {
    renderStep('register', 'kk', kk);
    const notice = screen.getByTestId('consent-notice');
    expect(notice.textContent).toContain(kk.Registration.phone.consent);
    expect(screen.getByRole('link', { name: kk.Registration.phone.privacyPolicy }).getAttribute('href')).toBe('/docs/privacy-policy-kk.pdf');
    const button = screen.getByRole('button', { name: kk.Registration.phone.send });
    expect(notice.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('simple registration to a lesson: its own, shorter purpose', () => {
    renderStep('lesson', 'en', en as unknown as typeof kk);
    expect(screen.getByTestId('consent-notice').textContent).toContain(en.Registration.phone.consentLesson);
  });

  it('a password reset names an existing account: no consent notice', () => {
    renderStep('reset', 'en', en as unknown as typeof kk);
    expect(screen.queryByTestId('consent-notice')).toBeNull();
  });
});
