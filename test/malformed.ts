import fc from 'fast-check';
import { expect } from 'vitest';
import { jsonRequest } from './http';

/**
 * The malformed-body sweep shared by the API suites: bodies that are almost right are the
 * interesting ones (right keys, wrong types and values), then arbitrary JSON, then raw text.
 */
export function nasty(...extra: fc.Arbitrary<unknown>[]) {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant('\u0000\u202e<script>alert(1)</script>'),
    fc.array(fc.string(), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
    fc.string({ minLength: 500, maxLength: 5000 }),
    ...extra,
  );
}

const anyJson = fc.jsonValue({ maxDepth: 3 });
const rawText = fc.oneof(fc.string(), fc.constantFrom('{', '{"a":1', '', 'null', '[]'));

/** A 4xx answer has the error shape; `accepted` checks the others (by default: none may be 5xx). */
export async function expectClientError(res: Response, accepted?: (res: Response, body: unknown) => void) {
  expect(res.status, `status ${res.status}`).toBeLessThan(500);
  // A success may be a file (an export): only errors must have the JSON error shape.
  if (res.status < 400 && !/json/.test(res.headers.get('content-type') ?? '')) return accepted?.(res, null);
  const body: unknown = await res.json();
  if (res.status >= 400) {
    const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
    expect(typeof error?.code).toBe('string');
    expect(typeof error?.message).toBe('string');
  } else accepted?.(res, body);
}

/**
 * Runs per sweep: fast-check draws a fresh seed each run (a failure prints the seed and path to
 * replay it), so what one run leaves out the next ones reach; `SWEEP_DEPTH=5` sweeps five times as
 * deep for a long run by hand. The suite's budget (README) took it from 200/100/60 to 80/40/24, then 50/25/15.
 */
const DEPTH = Math.max(1, Number(process.env.SWEEP_DEPTH ?? 1) || 1);
const runs = (n: number) => ({ numRuns: Math.round(n * DEPTH) });

/** 50 shaped bodies (in Kazakh), 25 arbitrary JSON values, 15 raw bodies with assorted content types. */
export async function sweep(
  path: string,
  handler: (req: ReturnType<typeof jsonRequest>) => Promise<Response>,
  shaped: fc.Arbitrary<unknown>,
  accepted?: (res: Response, body: unknown) => void,
  /** Shaped bodies tried first, whatever the draw (a valid one, so the sweep surely reaches past the parser). */
  examples: unknown[] = [],
) {
  const check = async (res: Response) => expectClientError(res, accepted);
  await fc.assert(fc.asyncProperty(shaped, async (b) => check(await handler(jsonRequest(path, b, { locale: 'kk' })))), {
    ...runs(50),
    examples: examples.map((e) => [e] as [unknown]),
  });
  await fc.assert(fc.asyncProperty(anyJson, async (b) => check(await handler(jsonRequest(path, b)))), runs(25));
  await fc.assert(
    fc.asyncProperty(rawText, fc.constantFrom('application/json', 'text/plain', ''), async (b, type) =>
      check(await handler(jsonRequest(path, b, { raw: true, contentType: type }))),
    ),
    runs(15),
  );
}
