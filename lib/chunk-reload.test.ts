import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReload } from './chunk-reload';

describe('chunk-load failure reload guard', () => {
  it('recognises chunk load failures only', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads at most once per 60 s', () => {
    expect(shouldReload(1_000_000, null)).toBe(true);
    expect(shouldReload(1_000_000, 1_000_000 - 59_000)).toBe(false);
    expect(shouldReload(1_000_000, 1_000_000 - 61_000)).toBe(true);
  });
});
