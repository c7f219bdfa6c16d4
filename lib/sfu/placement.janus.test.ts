import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalJanus } from '@/scripts/janus/local-janus.mjs';
import { JanusBrowser, skipWithoutJanus, startJanus } from '@/test/janus';
import { janusServers } from './config';
import { admitParticipant, createRoom, listParticipants, openRoomCounts } from './rooms';

// Two real Janus servers in JANUS_SERVERS: new rooms spread over both, each room's calls and
// tokens go to its own server, and a server that stops answering gets no new rooms.

let a: LocalJanus;
let b: LocalJanus;
const lesson = () => `lesson-${randomBytes(4).toString('hex')}`;

describe.skipIf(skipWithoutJanus)('placement over two real Janus servers', () => {
  beforeAll(async () => {
    [a, b] = await Promise.all([startJanus(), startJanus()]);
    process.env.JANUS_SERVERS = JSON.stringify(
      [a, b].map((j, i) => ({ id: `sfu${i + 1}`, url: j.url, publicUrl: j.wsUrl, apiSecret: j.apiSecret, tokenSecret: j.tokenSecret, adminKey: j.adminKey })),
    );
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('rooms spread over both servers, each reached by its own secrets', async () => {
    expect(janusServers().map((s) => s.id)).toEqual(['sfu1', 'sfu2']);
    const rooms = [];
    for (let i = 0; i < 6; i++) rooms.push(await createRoom(lesson()));
    expect(rooms.filter((r) => r.serverId === 'sfu1')).toHaveLength(3);
    expect(rooms.filter((r) => r.serverId === 'sfu2')).toHaveLength(3);
    expect(await openRoomCounts()).toEqual({ sfu1: 3, sfu2: 3 });

    // A participant's token works on the room's own server only (each server has its token secret).
    const onA = rooms.find((r) => r.serverId === 'sfu1')!;
    const access = await admitParticipant(onA, { ttlSeconds: 60 });
    expect(access.url).toBe(a.wsUrl);
    const there = await new JanusBrowser(a.url, access.token).open();
    expect(await there.videoroom({ request: 'join', ptype: 'publisher', room: onA.room, pin: onA.pin, token: access.token })).toMatchObject({ videoroom: 'joined' });
    expect((await new JanusBrowser(b.url, access.token).create()).error?.code).toBe(403);
    expect(await listParticipants(onA)).toHaveLength(1);
    await there.destroy();
  });

  it('a server that stops answering gets no new rooms; its stored rooms fail as unreachable', async () => {
    const onB = await createRoom(lesson(), { server: janusServers()[1] });
    expect(onB.serverId).toBe('sfu2');
    await b.stop();
    expect(await openRoomCounts()).toEqual({ sfu1: expect.any(Number) });
    for (let i = 0; i < 3; i++) expect((await createRoom(lesson())).serverId).toBe('sfu1');
    await expect(listParticipants(onB)).rejects.toMatchObject({ code: 'unreachable' });
    // A room whose server left the list cannot be reached either, and says so.
    process.env.JANUS_SERVERS = JSON.stringify([janusServers()[0]]);
    await expect(listParticipants(onB)).rejects.toMatchObject({ code: 'not_configured' });
  });
});
