import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
vi.mock('@/lib/browser/api/client', () => ({
  // The event stream's first call never answers: these tests are about sending.
  api: { get: () => new Promise(() => {}), post: (...args: unknown[]) => post(...args) },
}));

const { openChannel, SEND_RETRY_MS } = await import('./channel');

const fail = (status?: number) => Object.assign(new Error(status ? `status ${status}` : 'Network Error'), status ? { response: { status } } : {});
const handlers = { onEvent: () => {}, onClosed: () => {} };

describe('the room channel\'s sends over a flaky network', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    post.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('tries a post the network lost again, with growing waits, until it gets through', async () => {
    const ch = openChannel(7, 'en', handlers);
    post.mockRejectedValueOnce(fail()).mockRejectedValueOnce(fail(503)).mockResolvedValueOnce({ data: {} });
    const sent = ch.send('signal', { restart: true });
    await vi.advanceTimersByTimeAsync(SEND_RETRY_MS[0]);
    expect(post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SEND_RETRY_MS[1]);
    await expect(sent).resolves.toBeUndefined();
    expect(post).toHaveBeenCalledTimes(3);
    expect(post).toHaveBeenLastCalledWith('/api/lessons/7/room/events', { kind: 'signal', payload: { restart: true } });
    ch.close();
  });

  it('gives up after about 15 s, at once on a refusal (a board element over its cap), and when the post is no longer wanted', async () => {
    const ch = openChannel(7, 'en', handlers);
    post.mockRejectedValue(fail());
    const offline = ch.send('chat', { text: 'hi' });
    const caught = offline.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SEND_RETRY_MS.reduce((a, b) => a + b, 0));
    expect(await caught).toBeInstanceOf(Error);
    expect(post).toHaveBeenCalledTimes(SEND_RETRY_MS.length + 1);

    post.mockReset().mockRejectedValue(fail(422));
    await expect(ch.send('board', { elements: [] })).rejects.toThrow('status 422');
    expect(post).toHaveBeenCalledTimes(1);

    post.mockReset().mockRejectedValue(fail());
    let wanted = true;
    const replaced = ch.send('signal', { description: { type: 'offer', sdp: 'v=0' } }, () => wanted).catch((e: unknown) => e);
    wanted = false;
    await vi.advanceTimersByTimeAsync(SEND_RETRY_MS[0]);
    expect(await replaced).toBeInstanceOf(Error);
    expect(post).toHaveBeenCalledTimes(1);
    ch.close();
  });
});
