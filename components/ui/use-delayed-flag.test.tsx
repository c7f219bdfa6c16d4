// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_DELAY_MS, useDelayedFlag } from './use-delayed-flag';

/** A fetch that answers after `answerAfter` ms, showing "Loading…" the way the cabinet and the tests do. */
function Fetching({ answerAfter }: { answerAfter: number }) {
  const [data, setData] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setData('Profile'), answerAfter);
    return () => clearTimeout(timer);
  }, [answerAfter]);
  const slow = useDelayedFlag(data === null);
  return <p>{data ?? (slow ? 'Loading…' : '')}</p>;
}

describe('useDelayedFlag: a loading state only after 200 ms (spec section 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing for a fast answer', () => {
    render(<Fetching answerAfter={150} />);
    expect(screen.queryByText('Loading…')).toBeNull();
    act(() => void vi.advanceTimersByTime(150));
    expect(screen.getByText('Profile')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the loading state at 200 ms for a slow answer, and drops it when the answer comes', () => {
    expect(LOADING_DELAY_MS).toBe(200);
    render(<Fetching answerAfter={1000} />);
    act(() => void vi.advanceTimersByTime(199));
    expect(screen.queryByText('Loading…')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading…')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(800));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText('Profile')).toBeTruthy();
  });

  it('starts over for the next fetch: no carried-over flash', () => {
    function Toggle({ active }: { active: boolean }) {
      return <p>{useDelayedFlag(active) ? 'Loading…' : 'idle'}</p>;
    }
    const { rerender } = render(<Toggle active />);
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.getByText('Loading…')).toBeTruthy();
    rerender(<Toggle active={false} />);
    rerender(<Toggle active />);
    expect(screen.getByText('idle')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByText('Loading…')).toBeTruthy();
  });
});
