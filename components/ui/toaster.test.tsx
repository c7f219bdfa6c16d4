// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitToast } from '@/lib/browser/api/toast-bus';
import kk from '@/messages/kk.json';
import { Toaster } from './toaster';

function renderToaster() {
  return render(
    <NextIntlClientProvider locale="kk" messages={kk}>
      <Toaster labels={kk.Toasts} />
    </NextIntlClientProvider>,
  );
}

describe('Toaster, fed by the toast bus', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a toast in Kazakh in the polite status region; the close button removes it', () => {
    renderToaster();
    act(() => void emitToast('permission_required'));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain(kk.Toasts.permission_required);
    fireEvent.click(screen.getByRole('button', { name: kk.Toasts.close }));
    expect(screen.queryByText(kk.Toasts.permission_required)).toBeNull();
  });

  it('announces a server failure and no connection as alerts, each with its own close button', () => {
    renderToaster();
    act(() => {
      emitToast('reload_browser');
      emitToast('offline');
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(kk.Toasts.reload_browser);
    expect(alert.textContent).toContain(kk.Toasts.offline);
    expect(screen.getAllByRole('button', { name: kk.Toasts.close })).toHaveLength(2);
  });

  it('shows a repeated kind once', () => {
    renderToaster();
    act(() => {
      emitToast('reload_browser');
      emitToast('reload_browser');
      emitToast('reload_browser');
    });
    expect(screen.getAllByText(kk.Toasts.reload_browser)).toHaveLength(1);
  });

  it('hides a toast after 6 s, but not while it has focus; Escape closes it', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => void emitToast('offline'));
    act(() => void vi.advanceTimersByTime(5900));
    expect(screen.queryByText(kk.Toasts.offline)).not.toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByText(kk.Toasts.offline)).toBeNull();

    act(() => void emitToast('permission_required'));
    const close = screen.getByRole('button', { name: kk.Toasts.close });
    act(() => close.focus());
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.queryByText(kk.Toasts.permission_required)).not.toBeNull();
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByText(kk.Toasts.permission_required)).toBeNull();
  });

  it('stops listening when unmounted', () => {
    const { unmount } = renderToaster();
    unmount();
    expect(() => act(() => void emitToast('offline'))).not.toThrow();
    expect(screen.queryByText(kk.Toasts.offline)).toBeNull();
  });
});
