// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSignedOut, setAuthState } from '@/components/auth/auth-store';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import kk from '@/messages/kk.json';
import { ChatCheckout } from './chat-checkout';
import { PaymentResult } from './payment-result';
import { SeatCheckout } from './seat-checkout';

// GET /api/payments/orders/{invoice} (lib/payments/checkout.ts orderView), as the return page polls it.
let order: Record<string, unknown> = {};
vi.mock('@/lib/browser/api/client', () => ({ api: { get: vi.fn(async () => ({ data: order })) } }));

const paid = (product: string, over: Record<string, unknown> = {}) => ({ invoiceId: '1000001', status: 'paid', product, plan: 'basic', groupId: null, subject: 'english', lessons: 8, amountTiyn: 100, test: true, tutorId: 3, ...over });

describe('the checkout words what is bought: a package, a seat in a group, hours of chat help', () => {
  afterEach(() => {
    cleanup();
    act(() => markSignedOut());
  });

  it.each([
    ['package', paid('package'), en, { title: en.Checkout.returnTitlePackage, text: en.Checkout.paid.replace('{lessons}', '8'), next: en.Checkout.toCabinet, href: '/cabinet#cabinet-money' }],
    ['a seat in a group', paid('group_seat', { plan: 'group', groupId: 7 }), ru, { title: ru.Checkout.returnTitleGroup, text: ru.Checkout.groupPaid.replace('{lessons}', '8'), next: ru.Checkout.toGroups, href: '/cabinet#cabinet-groups' }],
    ['hours of chat help', paid('chat_help', { plan: 'chat', tutorId: null, lessons: 3 }), kk, { title: kk.Checkout.returnTitleChat, text: kk.Checkout.chatPaid.replace('{lessons}', '3'), next: kk.Checkout.toChat, href: '/cabinet/chat' }],
  ])('the return page after %s: its title, message and the way to where it lives', async (_, answer, messages, want) => {
    order = answer;
    act(() => setAuthState({ token: true, auth: true }));
    render(<PaymentResult invoice="1000001" messages={messages.Checkout} />);
    await waitFor(() => expect(screen.getByTestId('payment-result').getAttribute('data-status')).toBe('paid'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(want.title);
    expect(screen.getByRole('status').textContent).toBe(want.text);
    const next = screen.getByRole('link', { name: want.next });
    expect(next.getAttribute('href')).toBe(want.href);
  });

  it('the return page is titled without naming a product until the order is known', () => {
    render(<PaymentResult invoice="1000001" messages={ru.Checkout} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.Checkout.returnTitle);
    expect(ru.Checkout.returnTitle).not.toMatch(/пакет/i);
  });

  it('signed out, a seat and hours of chat help ask to sign in for what they are, not for "a package"', async () => {
    render(<SeatCheckout groupId={7} path="/checkout?group=7" full={false} totalTiyn={5_600_000} test available messages={ru.Checkout} texts={{ waitlistJoin: '', waitlistDone: '', waitlistSignIn: '' }} />);
    const pay = screen.getByTestId('pay');
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByText(ru.Checkout.signInTextGroup)).toBeTruthy();
    cleanup();
    render(<ChatCheckout path="/checkout?chat=3" options={[1, 3]} initial={3} hourTenge={500} test available messages={en.Checkout} texts={{ legend: 'Hours', hours: { 1: '1 hour', 3: '3 hours' } }} />);
    await waitFor(() => expect((screen.getByTestId('pay') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('pay'));
    expect(await screen.findByText(en.Checkout.signInTextChat)).toBeTruthy();
    expect(screen.queryByText(en.Checkout.signInText)).toBeNull();
  });
});
