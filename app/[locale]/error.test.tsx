// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '@/i18n/navigation';
import en from '@/messages/en.json';
import kk from '@/messages/kk.json';
import ru from '@/messages/ru.json';
import GlobalError from '../global-error';
import ErrorPage from './error';

vi.mock('next/navigation', () => ({ usePathname: () => '/', useRouter: () => ({}) }));

const leaky = (extra: object) => Object.assign(new Error('relation "users" does not exist at /srv/app/lib/db.ts:12'), extra);

describe('the error page shows the status and a safe, translated message', () => {
  it('shows the error’s status and the sentence for it, in Kazakh', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <LocaleProvider locale="kk" messages={{ ErrorPage: kk.ErrorPage }}>
        <ErrorPage error={leaky({ status: 503 })} reset={() => {}} />
      </LocaleProvider>,
    );
    expect(screen.getByTestId('error-status').textContent).toContain('503');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(kk.ErrorPage.title);
    expect(screen.getByText(kk.ErrorPage.unavailable)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/relation|srv|db\.ts/);
    expect(document.body.textContent).not.toContain(leaky({}).stack!.split('\n')[1]!.trim());
  });

  it('is 500 with the general sentence when the error carries no status', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <LocaleProvider locale="en" messages={{ ErrorPage: en.ErrorPage }}>
        <ErrorPage error={leaky({})} reset={() => {}} />
      </LocaleProvider>,
    );
    expect(screen.getByTestId('error-status').textContent).toBe(`${en.ErrorPage.statusLabel}: 500`);
    expect(screen.getByText(en.ErrorPage.text)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/relation/);
  });

  it('the last-resort page (the error page itself failed) shows the status too, never the message', () => {
    render(<GlobalError error={leaky({ statusCode: 502 })} />, { container: document.documentElement });
    expect(screen.getByTestId('error-status').textContent).toBe(`${ru.GlobalError.statusLabel}: 502`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.GlobalError.title);
    expect(document.body.textContent).not.toMatch(/relation/);
  });
});
