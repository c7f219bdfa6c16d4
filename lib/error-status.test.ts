import { describe, expect, it } from 'vitest';
import { errorStatus, safeTextKey } from './error-status';

describe('errorStatus: the status an error page shows (spec: statusCode, status, response status, else 500)', () => {
  it('reads statusCode, then status, then an axios response status', () => {
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 404 }))).toBe(404);
    expect(errorStatus(Object.assign(new Error('x'), { status: 503 }))).toBe(503);
    expect(errorStatus(Object.assign(new Error('x'), { response: { status: 429 } }))).toBe(429);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 403, status: 500 }))).toBe(403);
  });

  it('is 500 for anything else, including non-error or made-up statuses', () => {
    for (const e of [new Error('boom'), null, undefined, 'text', { status: 200 }, { status: '404' }, { statusCode: 999 }, { response: null }]) {
      expect(errorStatus(e)).toBe(500);
    }
  });

  it('maps a status to a fixed translated sentence, never the error’s own text', () => {
    expect(safeTextKey(403)).toBe('forbidden');
    expect(safeTextKey(404)).toBe('notFound');
    expect(safeTextKey(429)).toBe('tooMany');
    expect(safeTextKey(503)).toBe('unavailable');
    expect(safeTextKey(500)).toBe('text');
  });
});
