import { describe, expect, it } from 'vitest';
import { ApiError, readJson } from './errors';

/** A body that would be `total` bytes, served `chunk` bytes per pull; counts what was pulled. */
function trickle(total: number, chunk = 1024, fill = 0x20) {
  const seen = { pulls: 0, bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.bytes >= total) return controller.close();
        seen.pulls++;
        const n = Math.min(chunk, total - seen.bytes);
        seen.bytes += n;
        const part = new Uint8Array(n).fill(fill);
        if (seen.pulls === 1) part.set(new TextEncoder().encode('{"a":"'));
        controller.enqueue(part);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return `${err.status} ${err.code}`;
    throw err;
  }
  return 'ok';
}

describe('readJson stops reading at the 16 KiB cap', () => {
  it('a chunked body without Content-Length that would be 64 MiB is cancelled after about 16 KiB', async () => {
    const { stream, seen } = trickle(64 * 1024 * 1024);
    const req = post(stream);
    expect(req.headers.get('content-length')).toBeNull();
    expect(await codeOf(readJson(req))).toBe('413 payload_too_large');
    // 17 pulls of 1 KiB pass the cap; a few more may sit in the queues between the stream and the reader.
    expect(seen.pulls).toBeLessThan(40);
    expect(seen.bytes).toBeLessThan(40 * 1024);
    expect(seen.cancelled).toBe(true);
  });

  it('a body that lies with a small Content-Length is cut off all the same', async () => {
    const { stream, seen } = trickle(8 * 1024 * 1024);
    expect(await codeOf(readJson(post(stream, { 'content-length': '10' })))).toBe('413 payload_too_large');
    expect(seen.pulls).toBeLessThan(40);
  });

  it('counts bytes, not characters: 9 000 Cyrillic letters are 18 000 bytes', async () => {
    const text = JSON.stringify({ name: 'ж'.repeat(9000) });
    expect(text.length).toBeLessThan(16 * 1024);
    expect(await codeOf(readJson(post(text)))).toBe('413 payload_too_large');
  });

  it('a body of exactly 16 KiB, in many small chunks, is read and parsed', async () => {
    const prefix = '{"a":"';
    const text = prefix + 'x'.repeat(16 * 1024 - prefix.length - 2) + '"}';
    expect(new TextEncoder().encode(text).byteLength).toBe(16 * 1024);
    const bytes = new TextEncoder().encode(text);
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (at >= bytes.length) return c.close();
        c.enqueue(bytes.slice(at, at + 700));
        at += 700;
      },
    });
    const body = (await readJson(post(stream))) as { a: string };
    expect(body.a.length).toBe(16 * 1024 - 8);
  });

  it('keeps the other answers: 415, 413 by Content-Length, 400 for bad JSON, bad UTF-8 or a non-object', async () => {
    expect(await codeOf(readJson(post('{}', { 'content-type': 'text/plain' })))).toBe('415 unsupported_media_type');
    expect(await codeOf(readJson(post('{}', { 'content-length': String(1 << 20) })))).toBe('413 payload_too_large');
    expect(await codeOf(readJson(post('{"a":')))).toBe('400 bad_request');
    expect(await codeOf(readJson(post('[1]')))).toBe('400 bad_request');
    expect(await codeOf(readJson(post(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))))).toBe('400 bad_request');
    expect(await readJson(post('{"name":"Айгерим"}'))).toEqual({ name: 'Айгерим' });
  });
});
