// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNavigationProgress, startNavigationProgress } from './navigation';

describe('the loading bar for programmatic navigation', () => {
  let unregister = () => {};
  afterEach(() => unregister());

  it('starts for a push to another page of this site, in any form of href', () => {
    const start = vi.fn();
    unregister = registerNavigationProgress(start);
    startNavigationProgress('/kk/cabinet');
    startNavigationProgress(`${location.origin}/sign-in?next=%2Fcabinet`);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('does not start when the path stays the same (nothing would end the bar) the target is another site or a file', () => {
    const start = vi.fn();
    unregister = registerNavigationProgress(start);
    startNavigationProgress(`${location.pathname}?tab=2`);
    startNavigationProgress('#steps');
    startNavigationProgress('https://cabinet.example.com/profile');
    startNavigationProgress('/docs/public-offer-ru.pdf');
    expect(start).not.toHaveBeenCalled();
  });

  it('does nothing once the bar is gone (unmounted)', () => {
    const start = vi.fn();
    registerNavigationProgress(start)();
    startNavigationProgress('/student');
    expect(start).not.toHaveBeenCalled();
  });
});
