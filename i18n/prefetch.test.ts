// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { prefetchAllowed } from './navigation';

function setConnection(value: object | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

describe('link prefetch is skipped on 2g and with data saver on (spec section 9)', () => {
  afterEach(() => setConnection(undefined));

  it('prefetches where the browser says nothing about the connection, and on 3g/4g', () => {
    expect(prefetchAllowed()).toBe(true);
    setConnection({ effectiveType: '4g', saveData: false });
    expect(prefetchAllowed()).toBe(true);
    setConnection({ effectiveType: '3g' });
    expect(prefetchAllowed()).toBe(true);
  });

  it('does not on slow-2g, 2g or with data saver', () => {
    for (const connection of [{ effectiveType: 'slow-2g' }, { effectiveType: '2g' }, { effectiveType: '4g', saveData: true }]) {
      setConnection(connection);
      expect(prefetchAllowed()).toBe(false);
    }
  });
});
