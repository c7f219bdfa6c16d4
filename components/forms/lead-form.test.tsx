// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import { choosePlan } from '@/components/tariffs/plan-choice';
import { LocaleProvider } from '@/i18n/navigation';
import LeadForm from './lead-form';

function renderForm() {
  return render(
    <NextIntlClientProvider locale="kk" messages={kk}>
      <LocaleProvider locale="kk">
        <LeadForm kind="feedback" page="/student" />
      </LocaleProvider>
    </NextIntlClientProvider>,
  );
}

describe('lead form, validated in the browser with the shared schema', () => {
  it('says in Kazakh which fields are missing and marks them invalid', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: kk.LeadForm.submit }));
    await waitFor(() => expect(screen.getAllByText(kk.Validation.required)).toHaveLength(2));
    expect(screen.getByLabelText(kk.LeadForm.name).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(kk.LeadForm.phone).getAttribute('aria-describedby')).toMatch(/-phone-error$/);
  });

  it('refuses a Russian mobile number with a clear message', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(kk.LeadForm.name), { target: { value: 'Айгүл' } });
    fireEvent.change(screen.getByLabelText(kk.LeadForm.phone), { target: { value: '+7 912 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: kk.LeadForm.submit }));
    expect(await screen.findByText(kk.Validation.phone_not_kz)).toBeTruthy();
    expect(screen.queryByText(kk.Validation.required)).toBeNull();
  });

  it('tidies a number typed as 8 7XX… when the field is left', () => {
    renderForm();
    const phone = screen.getByLabelText(kk.LeadForm.phone) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '87011234567' } });
    fireEvent.blur(phone);
    expect(phone.value).toBe('+7 701 123 45 67');
    expect(phone).toHaveProperty('type', 'tel');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
  });
});

describe('lead form on a page without NextIntlClientProvider', () => {
  it('formats with the messages the document hands down (LocaleProvider)', async () => {
    render(
      <LocaleProvider locale="kk" messages={{ LeadForm: kk.LeadForm, Validation: kk.Validation }}>
        <LeadForm kind="feedback" page="/student" />
      </LocaleProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: kk.LeadForm.submit }));
    await waitFor(() => expect(screen.getAllByText(kk.Validation.required)).toHaveLength(2));
  });
});

describe('lead form: personal data consent and the plan chosen on the tariff page', () => {
  it('says what is done with the data, next to the submit button, and links the privacy policy of the locale', () => {
    renderForm();
    const notice = screen.getByTestId('consent-notice');
    expect(notice.textContent).toContain(kk.LeadForm.consent);
    const link = screen.getByRole('link', { name: kk.LeadForm.privacyPolicy });
    expect(link.getAttribute('href')).toBe('/docs/privacy-policy-kk.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the plan chosen with "Choose" and the promo code, and lets the visitor remove them', () => {
    render(
      <NextIntlClientProvider locale="en" messages={en}>
        <LocaleProvider locale="en">
          <ul>
            <li>
              <a href="#feedback" onClick={() => choosePlan({ plan: 'advanced', promoCode: 'TILMEN10' })}>
                Choose
              </a>
            </li>
          </ul>
          <LeadForm kind="callback" page="/stud-tariff-plans" plans={{ basic: 'Basic', advanced: 'Standard', intensive: 'Intensive' }} />
        </LocaleProvider>
      </NextIntlClientProvider>,
    );
    expect(screen.queryByTestId('lead-plan')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Choose' }));
    expect(screen.getByTestId('lead-plan').textContent).toContain('Chosen plan: Standard, promo code TILMEN10');
    fireEvent.click(screen.getByRole('button', { name: en.LeadForm.clearChoice }));
    expect(screen.queryByTestId('lead-plan')).toBeNull();
  });

  it('a form on another page ignores a plan chosen earlier', () => {
    act(() => choosePlan({ plan: 'basic' }));
    renderForm();
    expect(screen.queryByTestId('lead-plan')).toBeNull();
    act(() => choosePlan(null));
  });
});
