// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import kk from '@/messages/kk.json';
import en from '@/messages/en.json';
import { CabinetEmail } from './cabinet-email';
import { CabinetPassword } from './cabinet-password';

const P = kk.Cabinet.passwordCard;
const E = en.Cabinet.emailCard;

describe('the cabinet password form, checked in the browser before any call', () => {
  function renderForm() {
    return render(
      <NextIntlClientProvider locale="kk" messages={kk}>
        <CabinetPassword username="+77011234567" />
      </NextIntlClientProvider>,
    );
  }

  it('asks for the current password and shows the rules of the reset form as the new one is typed', async () => {
    renderForm();
    const fresh = screen.getByLabelText(P.new) as HTMLInputElement;
    expect(fresh.getAttribute('autocomplete')).toBe('new-password');
    expect((screen.getByLabelText(P.current) as HTMLInputElement).getAttribute('autocomplete')).toBe('current-password');
    fireEvent.change(fresh, { target: { value: 'abc' } });
    await waitFor(() => expect(document.querySelectorAll('li[data-ok="true"]')).toHaveLength(1));
    fireEvent.change(fresh, { target: { value: 'Steppe7Horizon' } });
    await waitFor(() => expect(document.querySelectorAll('li[data-ok="true"]')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: P.submit }));
    // The current password and the confirmation are missing.
    expect(await screen.findAllByText(kk.Validation.required)).toHaveLength(2);
    expect(screen.getByLabelText(P.current).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(P.new).getAttribute('aria-describedby')).toMatch(/-rules$/);
  });

  it('says when the two new passwords differ', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(P.current), { target: { value: 'Qazaq2024sky' } });
    fireEvent.change(screen.getByLabelText(P.new), { target: { value: 'Steppe7Horizon' } });
    fireEvent.change(screen.getByLabelText(P.confirm), { target: { value: 'Steppe7Horizin' } });
    fireEvent.click(screen.getByRole('button', { name: P.submit }));
    expect(await screen.findByText(kk.Validation.password_mismatch)).toBeTruthy();
    expect(screen.getByLabelText(P.confirm).getAttribute('aria-describedby')).toMatch(/-confirm-error$/);
  });
});

describe('the cabinet e-mail form', () => {
  function renderForm(email: string | null, pending: string | null) {
    return render(
      <NextIntlClientProvider locale="en" messages={en}>
        <CabinetEmail email={email} pending={pending} onPending={() => undefined} />
      </NextIntlClientProvider>,
    );
  }

  it('without an address: "Add e-mail"; a pending one is said plainly', () => {
    renderForm(null, 'new@example.kz');
    expect(screen.getByRole('button', { name: E.add })).toBeTruthy();
    expect(screen.getByTestId('cabinet-email-pending').textContent).toContain(E.pending.replace('{email}', 'new@example.kz'));
    expect(screen.queryByText(E.keepCurrent.replace('{email}', 'new@example.kz'))).toBeNull();
  });

  it('with an address: "Change e-mail", the current one still works until the link is opened', () => {
    renderForm('old@example.kz', 'new@example.kz');
    expect(screen.getByRole('button', { name: E.change })).toBeTruthy();
    expect(screen.getByLabelText(E.newLabel)).toBeTruthy();
    expect(screen.getByText(E.keepCurrent.replace('{email}', 'old@example.kz'))).toBeTruthy();
  });

  it('refuses a malformed address and the one the account already has, on the field', async () => {
    renderForm('old@example.kz', null);
    const field = screen.getByLabelText(E.newLabel);
    fireEvent.change(field, { target: { value: 'old@' } });
    fireEvent.click(screen.getByRole('button', { name: E.change }));
    expect(await screen.findByText(en.Validation.email_invalid)).toBeTruthy();
    fireEvent.change(field, { target: { value: ' OLD@example.kz' } });
    fireEvent.click(screen.getByRole('button', { name: E.change }));
    expect(await screen.findByText(E.same)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
