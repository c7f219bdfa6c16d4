// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markSignedOut, setAuthState } from '@/components/auth/auth-store';
import en from '@/messages/en.json';
import { GroupSeatAction, GroupSeatBadge } from './group-seat';

const get = vi.fn<(path: string) => Promise<{ data: { seats: { groupId: number; status: string }[] } }>>(async () => ({ data: { seats: [] } }));
vi.mock('@/lib/browser/api/client', () => ({ api: { get: (path: string) => get(path) } }));

const S = en.GroupPages.seat;
const texts = { paid: S.paid, held: S.held, pay: S.pay, cabinet: S.cabinet };
const page = (groupId = 7) => (
  <>
    <GroupSeatAction groupId={groupId} payHref={`/en/checkout?group=${groupId}&hold=1`} texts={texts}>
      <a href={`/en/checkout?group=${groupId}`}>{en.GroupPages.page.join}</a>
    </GroupSeatAction>
    <GroupSeatBadge groupId={groupId} texts={{ paid: S.paid, held: S.heldShort }} />
  </>
);

describe("a group page's join button and a signed-in student's seat", () => {
  // The suite's files share one module graph (vitest.config.ts: isolate: false): an earlier file may
  // have left the session signed in.
  beforeEach(() => act(() => markSignedOut()));
  afterEach(() => {
    cleanup();
    get.mockClear();
    act(() => markSignedOut());
  });

  it('signed out: the join button, and nobody is asked', async () => {
    render(page());
    expect(screen.getByRole('link', { name: en.GroupPages.page.join })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(get).not.toHaveBeenCalled();
    expect(screen.queryByTestId('group-seat')).toBeNull();
  });

  it('a paid seat: "you are in this group" and the way to My groups instead of the join button (one call for the page)', async () => {
    get.mockResolvedValueOnce({ data: { seats: [{ groupId: 7, status: 'paid' }] } });
    act(() => setAuthState({ token: true, auth: true }));
    render(page());
    expect((await screen.findByTestId('group-seat')).textContent).toContain(S.paid);
    expect(screen.queryByRole('link', { name: en.GroupPages.page.join })).toBeNull();
    expect(screen.getByRole('link', { name: S.cabinet }).getAttribute('href')).toBe('/cabinet#cabinet-groups');
    expect(screen.getByTestId('group-card-seat').textContent).toBe(S.paid);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/cabinet/groups/seats');
  });

  it("a held seat: its payment and My groups; another group's seat changes nothing", async () => {
    get.mockResolvedValue({ data: { seats: [{ groupId: 8, status: 'held' }] } });
    act(() => setAuthState({ token: true, auth: true }));
    render(page(8));
    expect((await screen.findByTestId('group-seat')).getAttribute('data-status')).toBe('held');
    expect(screen.getByRole('link', { name: S.pay }).getAttribute('href')).toBe('/en/checkout?group=8&hold=1');
    expect(screen.getByTestId('group-card-seat').textContent).toBe(S.heldShort);
    cleanup();
    render(page(9));
    await waitFor(() => expect(get).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('link', { name: en.GroupPages.page.join })).toBeTruthy();
    expect(screen.queryByTestId('group-card-seat')).toBeNull();
  });
});
