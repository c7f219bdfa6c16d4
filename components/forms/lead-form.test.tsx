// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import kk from '@/messages/kk.json';
import { LocaleProvider } from '@/i18n/navigation';
import LeadForm from './lead-form';

function renderForm() {
  return render(
    <NextIntlClientProvider locale="kk" messages={kk}>
      <LeadForm kind="feedback" page="/student" />
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
