// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it } from 'vitest';
import { atPage } from '@/test/next-navigation';
import kk from '@/messages/kk.json';
import { LocaleProvider } from '@/i18n/navigation';
import { ExportButtons } from './export-buttons';

beforeEach(() => void atPage('/kk/admin/leads', 'status=won&q=%D3%98%D0%B9%D0%B3%D0%B5%D1%80%D1%96%D0%BC&page=4&pageSize=50&utm_source=instagram'));

describe('export buttons of the leads list', () => {
  it('link to both exports with the list’s filters, without its page, with the page’s language', () => {
    render(
      <NextIntlClientProvider locale="kk" messages={kk}>
        <LocaleProvider locale="kk">
          <ExportButtons />
        </LocaleProvider>
      </NextIntlClientProvider>,
    );
    const group = screen.getByRole('group', { name: kk.Admin.exports.group });
    const csv = screen.getByRole('link', { name: kk.Admin.exports.csv });
    const xlsx = screen.getByRole('link', { name: kk.Admin.exports.xlsx });
    expect(group.contains(csv)).toBe(true);
    for (const [link, path] of [[csv, '/api/admin/leads/export.csv'], [xlsx, '/api/admin/leads/export.xlsx']] as const) {
      const url = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(url.pathname).toBe(path);
      expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'won', q: 'Әйгерім', utm_source: 'instagram', lang: 'kk' });
      expect(link.hasAttribute('download')).toBe(true);
      expect(link.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(kk.Admin.exports.note);
    }
  });
});
