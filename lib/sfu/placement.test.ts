import { describe, expect, it } from 'vitest';
import type { JanusServer } from '@/lib/validations/janus-servers';
import { pickServer } from './placement';

const server = (id: string, extra: Partial<JanusServer> = {}): JanusServer => ({
  id,
  url: `http://${id}:8088/janus`,
  publicUrl: `wss://${id}/janus-ws`,
  apiSecret: 'a'.repeat(32),
  tokenSecret: 't'.repeat(32),
  adminKey: 'k'.repeat(32),
  weight: 1,
  ...extra,
});

describe('pickServer', () => {
  it('takes the server with the fewest open rooms (a missing count is 0)', () => {
    const servers = [server('a'), server('b'), server('c')];
    expect(pickServer(servers, { a: 4, b: 2, c: 3 }, 'l1')?.id).toBe('b');
    expect(pickServer(servers, { a: 4, b: 2 }, 'l1')?.id).toBe('c');
  });

  it('weighs rooms by capacity and skips a server at maxRooms', () => {
    const servers = [server('small'), server('big', { weight: 3 })];
    // 2 rooms on small (load 2) against 5 on big (load 5/3 ≈ 1.7): big.
    expect(pickServer(servers, { small: 2, big: 5 }, 'x')?.id).toBe('big');
    expect(pickServer(servers, { small: 2, big: 7 }, 'x')?.id).toBe('small');
    const capped = [server('a', { maxRooms: 2 }), server('b', { maxRooms: 10 })];
    expect(pickServer(capped, { a: 2, b: 9 }, 'x')?.id).toBe('b');
    expect(pickServer(capped, { a: 2, b: 10 }, 'x')).toBeNull();
    expect(pickServer([], {}, 'x')).toBeNull();
    // maxRooms 0 drains a server: no new rooms, whatever its count.
    expect(pickServer([server('old', { maxRooms: 0 }), server('new')], { new: 50 }, 'x')?.id).toBe('new');
  });

  it('breaks ties by the lesson: the same lesson always lands alike, different lessons spread', () => {
    const servers = [server('a'), server('b'), server('c'), server('d')];
    expect(pickServer(servers, {}, 'lesson-1')?.id).toBe(pickServer([...servers].reverse(), {}, 'lesson-1')?.id);
    const hits: Record<string, number> = {};
    for (let i = 0; i < 4000; i++) {
      const id = pickServer(servers, {}, `lesson-${i}`)!.id;
      hits[id] = (hits[id] ?? 0) + 1;
    }
    for (const id of ['a', 'b', 'c', 'd']) expect(hits[id]).toBeGreaterThan(800);
  });

  it('fills a server just added before the others (capacity grows by adding servers)', () => {
    const servers = [server('old1'), server('old2'), server('new')];
    const counts: Record<string, number> = { old1: 20, old2: 20, new: 0 };
    for (let i = 0; i < 20; i++) counts[pickServer(servers, counts, `l${i}`)!.id]! += 1;
    expect(counts).toEqual({ old1: 20, old2: 20, new: 20 });
  });
});
