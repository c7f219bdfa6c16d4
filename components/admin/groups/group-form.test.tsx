// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { LocaleProvider } from '@/i18n/navigation';
import { GroupForm } from './group-form';
import { atPage } from '@/test/next-navigation';


const G = en.Admin.groups;
const options = {
  subjects: { english: 'English', kazakh: 'Kazakh' },
  ages: { kids_5_8: 'Children 5–8', kids_9_12: 'Children 9–12', teens: 'Teenagers', adults: 'Adults' },
  weekdays: en.Tutors.weekdays,
  tutors: [{ id: 7, name: 'Akhmetova Dina' }],
  companies: [{ id: 3, name: 'Demo Company LLP' }],
};

function renderForm() {
  return render(
    <NextIntlClientProvider locale="en" messages={en}>
      <LocaleProvider locale="en">
        <GroupForm options={options} />
      </LocaleProvider>
    </NextIntlClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the back office group form (groupSchema in the browser, then POST /api/admin/groups)', () => {
  it('asks for a day and a start date before any call, then sends numbers the server parses with the same schema and opens the new group', async () => {
    const { push } = atPage('/en/admin/groups/new');
    // A plain answer, not a Response: the suite's files share one module graph (vitest.config.ts:
    // isolate: false), and a Response made from an earlier file's environment could leave its body
    // unread forever (the form then never went on to the new group: one run in five).
    const fetch = vi.fn(async () => ({ ok: true, status: 201, statusText: 'Created', json: async () => ({ group: { id: 41 } }) }) as unknown as Response);
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: G.create }));
    expect(await screen.findByText(G.weekdaysRequired)).toBeTruthy();
    expect(screen.getByLabelText(G.startDate).getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: en.Tutors.weekdays['4'] }));
    fireEvent.click(screen.getByRole('checkbox', { name: en.Tutors.weekdays['2'] }));
    fireEvent.change(screen.getByLabelText(G.startDate), { target: { value: '2031-03-04' } });
    fireEvent.change(screen.getByLabelText(G.company), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: G.create }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/groups');
    expect(JSON.parse(init.body as string)).toMatchObject({ tutorId: 7, weekdays: [2, 4], startTime: '18:30', startDate: '2031-03-04', lessons: 12, maxSeats: 6, pricePerLesson: 3500, companyId: 3 });
    await waitFor(() => expect(push.mock.calls[0]?.[0]).toBe('/en/admin/groups/41'));
  });
});
