// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/i18n/navigation';
import ru from '@/messages/ru.json';
import { KazakhEntryForm, type KazakhEntryText } from './kazakh-entry';

const form = ru.Tests.kazakh.form;
const text: KazakhEntryText = { ...form, validation: { invalid_value: ru.Validation.invalid_value } };

describe('Kazakh test entry (name and IIN): personal data consent', () => {
  it('says what is done with the name, IIN and position code and links the privacy policy', () => {
    render(
      <LocaleProvider locale="ru">
        <KazakhEntryForm text={text} company={null} />
      </LocaleProvider>,
    );
    expect(screen.getByTestId('consent-notice').textContent).toContain(form.consent);
    expect(screen.getByRole('link', { name: form.privacyPolicy }).getAttribute('href')).toBe('/docs/privacy-policy-ru.pdf');
  });

  it('a public sitting asks for the phone and a code; a roster-only company\'s form does not (the roster is the identity)', () => {
    const { unmount } = render(
      <LocaleProvider locale="ru">
        <KazakhEntryForm text={text} company={null} />
      </LocaleProvider>,
    );
    expect(screen.getByLabelText(form.phone)).toBeTruthy();
    expect(screen.getByRole('button', { name: form.sendCode })).toBeTruthy();
    unmount();
    render(
      <LocaleProvider locale="ru">
        <KazakhEntryForm text={text} company="roster-co" rosterOnly />
      </LocaleProvider>,
    );
    expect(screen.queryByLabelText(form.phone)).toBeNull();
  });
});
