// @vitest-environment jsdom
import { render, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { atPage } from '@/test/next-navigation';
import { startNavigationProgress } from '@/i18n/navigation';
import { NavigationProgress } from './navigation-progress';


beforeEach(() => void atPage('/'));

describe('the loading bar', () => {
  it('appears for a navigation that takes a while, and passes axe: no invented ARIA role, hidden from screen readers', async () => {
    window.scrollTo = () => {};
    render(<NavigationProgress />);
    startNavigationProgress('/faq');
    const bar = await waitFor(
      () => {
        const el = document.querySelector('#nprogress .bar');
        if (!el) throw new Error('no bar yet');
        return el;
      },
      { timeout: 3000 },
    );
    // nprogress finds the bar by a selector: it must still move (its style carries the position).
    expect(bar.getAttribute('style')).toMatch(/translate/);
    expect(bar.getAttribute('role')).toBeNull();
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    const result = await axe.run(document.body, { runOnly: ['aria-roles', 'aria-allowed-role', 'aria-hidden-focus'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
