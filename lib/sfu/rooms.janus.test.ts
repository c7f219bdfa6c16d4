import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalJanus } from '@/scripts/janus/local-janus.mjs';
import { JanusBrowser, publishOffer, skipWithoutJanus, startJanus, wsRequest } from '@/test/janus';
import { serverById } from './config';
import { SfuError, withVideoRoom } from './janus-http';
import type { SfuRoom } from './placement';
import { admitParticipant, allowToken, createRoom, destroyRoom, disallowToken, issueToken, kick, listParticipants, muteParticipant, openRoomCounts } from './rooms';
import { signJanusToken } from './token';

// Against a real Janus (Debian's, deploy/janus's configuration, started on the loopback): what our
// server may do with the API secret, and what a browser holding only a signed token may and may not.

let janus: LocalJanus;
const browsers: JanusBrowser[] = [];
const browser = (token: string | undefined) => {
  const b = new JanusBrowser(janus.url, token);
  browsers.push(b);
  return b;
};
const joinAsPublisher = (b: JanusBrowser, room: SfuRoom, token: string | undefined, extra: Record<string, unknown> = {}) =>
  b.videoroom({ request: 'join', ptype: 'publisher', room: room.room, pin: room.pin, display: 'someone', ...(token ? { token } : {}), ...extra });
const lesson = () => `lesson-${randomBytes(4).toString('hex')}`;
/** The site's origin: the only one whose pages may open Janus's WebSocket (deploy's cors.allow_origin). */
const SITE = 'http://site.test';

describe.skipIf(skipWithoutJanus)('lib/sfu against a real Janus', () => {
  beforeAll(async () => {
    janus = await startJanus({ origin: SITE });
    process.env.JANUS_SERVERS = janus.env.JANUS_SERVERS;
  });
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.destroy()));
    await janus?.stop();
  });

  it('the server creates a room with its API secret: private, seven publishers, pin and secret of its own', async () => {
    const before = (await openRoomCounts()).local ?? 0;
    const room = await createRoom(lesson());
    expect(room.serverId).toBe('local');
    expect(Number.isSafeInteger(room.room) && room.room > 0).toBe(true);
    expect(room.pin).toMatch(/^[\w-]{24}$/);
    expect(room.secret).toMatch(/^[\w-]{24}$/);
    expect(room.pin).not.toBe(room.secret);
    expect((await openRoomCounts()).local).toBe(before + 1);
    // As Janus holds it: hidden from `list` without the admin key, seven publishers, VP8 then H.264
    // (both simulcast), Opus with FEC, receiving only with a publisher's private_id (the allowed
    // list guards publishers; require_pvtid makes subscribing need an admitted publisher's id),
    // never recorded.
    const server = serverById('local');
    const listed = await withVideoRoom(server, (vr) => vr.message({ request: 'list', admin_key: server.adminKey }));
    expect((listed.list as { room: number }[]).find((r) => r.room === room.room)).toMatchObject({
      is_private: true,
      pin_required: true,
      max_publishers: 7,
      videocodec: 'vp8,h264',
      audiocodec: 'opus',
      opus_fec: true,
      bitrate: 800_000,
      bitrate_cap: true,
      require_pvtid: true,
      record: false,
      lock_record: true,
      audiolevel_event: true,
      notify_joining: true,
    });
    const hidden = await withVideoRoom(server, (vr) => vr.message({ request: 'list' }));
    expect((hidden.list as { room: number }[]).map((r) => r.room)).not.toContain(room.room);
    expect(await listParticipants(room)).toEqual([]);
    // Another room gets other credentials.
    const other = await createRoom(lesson());
    expect([other.room, other.pin, other.secret]).not.toContain(room.pin);
    expect(other.room).not.toBe(room.room);
  });

  it('a call without the API secret, or with a wrong one, is refused; so is a room asked for by a token holder', async () => {
    for (const apisecret of [undefined, 'wrong-secret-0123456789']) {
      const res = await fetch(janus.url, { method: 'POST', body: JSON.stringify({ janus: 'create', transaction: 't', ...(apisecret ? { apisecret } : {}) }) });
      const reply = (await res.json()) as { janus: string; error?: { code: number } };
      expect(reply.janus).toBe('error');
      expect(reply.error?.code).toBe(403);
    }
    // A browser's valid token opens a session, but the VideoRoom creates rooms only with the admin key.
    const { token } = issueToken({ serverId: 'local' }, { ttlSeconds: 60 });
    const b = await browser(token).open();
    for (const extra of [{}, { admin_key: 'a-guess-0123456789abcdef' }]) {
      const reply = await b.videoroom({ request: 'create', room: 4242, publishers: 7, ...extra });
      expect(reply.videoroom).toBe('event');
      expect([429, 433]).toContain(reply.error_code);
    }
    // Nor may it forward a room's media elsewhere (lock_rtp_forward).
    const room = await createRoom(lesson());
    const fwd = await b.videoroom({ request: 'rtp_forward', room: room.room, secret: room.secret, publisher_id: 1, host: '127.0.0.1', streams: [] });
    expect(fwd).toMatchObject({ error_code: 429, error: expect.stringMatching(/admin_key/) });
  });

  it('a token issued for 60 s lets a plain HTTP session join the room as a publisher with the pin, and nothing else', async () => {
    const room = await createRoom(lesson());
    const access = await admitParticipant(room, { ttlSeconds: 60 });
    expect(access).toMatchObject({ url: janus.wsUrl, room: room.room, pin: room.pin });
    expect(Object.values(access).join(' ')).not.toContain(room.secret);
    expect(access.expiresAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect(access.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(access.token).toMatch(/^\d+,janus,janus\.plugin\.videoroom,n=[\w-]+:[A-Za-z0-9+/]+=*$/);

    const b = browser(access.token);
    expect((await b.create()).janus).toBe('success');
    expect((await b.attach()).janus).toBe('success');
    const joined = await joinAsPublisher(b, room, access.token, { display: 'Aigerim' });
    expect(joined).toMatchObject({ videoroom: 'joined', room: room.room });
    expect(await listParticipants(room)).toEqual([{ id: joined.id, display: 'Aigerim', publisher: false }]);
    // The token opens the VideoRoom only, and the room's secret stays ours.
    const echo = await browser(access.token).create().then(async () => browsers.at(-1)!.attach('janus.plugin.echotest'));
    expect(echo.janus).toBe('error');
    const destroy = await b.videoroom({ request: 'destroy', room: room.room });
    expect(destroy.error_code).toBeDefined();
    const kickOther = await b.videoroom({ request: 'kick', room: room.room, id: joined.id as number });
    expect(kickOther.error_code).toBeDefined();
  });

  it("the browsers' WebSocket takes the same token from the site's pages only, and refuses a request without one", async () => {
    const room = await createRoom(lesson());
    const { token, url } = await admitParticipant(room, { ttlSeconds: 60 });
    expect(url).toBe(janus.wsUrl);
    expect(await wsRequest(url, { janus: 'create', token }, { origin: SITE })).toMatchObject({ upgraded: true, reply: { janus: 'success' } });
    expect(await wsRequest(url, { janus: 'create' }, { origin: SITE })).toMatchObject({ upgraded: true, reply: { janus: 'error', error: { code: 403 } } });
    // Another site's page (or none) does not get the socket at all.
    for (const origin of ['http://evil.test', undefined]) expect(await wsRequest(url, { janus: 'create', token }, { origin })).toMatchObject({ upgraded: false });
  });

  it('an expired, forged or altered token is refused at the first request', async () => {
    const room = await createRoom(lesson());
    const expired = issueToken(room, { ttlSeconds: 60, now: new Date(Date.now() - 61_000) }).token;
    const forged = signJanusToken('not-the-token-secret-0123456789', { expiresAt: new Date(Date.now() + 60_000), nonce: 'x' });
    const [data, signature] = issueToken(room, { ttlSeconds: 60 }).token.split(':') as [string, string];
    const [expiry, ...rest] = data.split(',');
    const extended = `${Number(expiry) + 86_400},${rest.join(',')}:${signature}`;
    for (const token of [expired, forged, extended, 'anything', undefined]) {
      await allowToken(room, token ?? 'none');
      const reply = await browser(token).create();
      expect(reply.janus, String(token)).toBe('error');
      expect(reply.error?.code).toBe(403);
    }
  });

  it("a valid token not on the room's allowed list is refused to join; so is one without the pin, in another room, or taken off the list", async () => {
    const room = await createRoom(lesson());
    const otherRoom = await createRoom(lesson());
    const stranger = issueToken(room, { ttlSeconds: 60 }).token;
    const b = await browser(stranger).open();
    const refused = await joinAsPublisher(b, room, stranger);
    expect(refused).toMatchObject({ error_code: 433 });
    expect(String(refused.error)).toMatch(/allowed/);
    expect(await joinAsPublisher(b, room, undefined)).toMatchObject({ error_code: 433 });

    const { token } = await admitParticipant(room, { ttlSeconds: 60 });
    const c = await browser(token).open();
    // The pin is checked too, and a token admitted to one room opens no other.
    expect(await joinAsPublisher(c, room, token, { pin: 'wrong' })).toMatchObject({ error_code: 433 });
    expect(await joinAsPublisher(c, otherRoom, token, { pin: otherRoom.pin })).toMatchObject({ error_code: 433 });
    // Off the list, the same token no longer joins.
    await disallowToken(room, token);
    expect(await joinAsPublisher(c, room, token)).toMatchObject({ error_code: 433 });
  });

  it('kick sends a participant out; with the token taken off the list first, they cannot come back', async () => {
    const room = await createRoom(lesson());
    const tutor = await admitParticipant(room, { ttlSeconds: 60 });
    const student = await admitParticipant(room, { ttlSeconds: 60 });
    const t = await browser(tutor.token).open();
    const s = await browser(student.token).open();
    const tJoined = await joinAsPublisher(t, room, tutor.token, { display: 'tutor' });
    const sJoined = await joinAsPublisher(s, room, student.token, { display: 'student' });
    expect((await listParticipants(room)).map((p) => p.id).sort()).toEqual([tJoined.id, sJoined.id].sort());

    // Kicked without a ban: Janus lets them join again (its documented behaviour).
    expect(await kick(room, sJoined.id as number)).toBe(true);
    await expect.poll(async () => (await listParticipants(room)).map((p) => p.id), { timeout: 3000 }).toEqual([tJoined.id]);
    const s2 = await browser(student.token).open();
    const again = await joinAsPublisher(s2, room, student.token);
    expect(again.videoroom).toBe('joined');

    // Removed from the lesson: off the list, then kicked; the rejoin is refused.
    await disallowToken(room, student.token);
    expect(await kick(room, again.id as number)).toBe(true);
    const s3 = await browser(student.token).open();
    expect(await joinAsPublisher(s3, room, student.token)).toMatchObject({ error_code: 433 });
    await expect.poll(async () => (await listParticipants(room)).map((p) => p.display), { timeout: 3000 }).toEqual(['tutor']);
    // Kicking someone not there answers false.
    expect(await kick(room, again.id as number)).toBe(false);
  });

  it('a publisher offering simulcast is taken layer by layer, and the tutor mutes one of its streams by mid', async () => {
    const room = await createRoom(lesson());
    const { token } = await admitParticipant(room, { ttlSeconds: 60 });
    const p = await browser(token).open();
    const joined = await joinAsPublisher(p, room, token);
    const published = await p.videoroom({ request: 'publish' }, { type: 'offer', sdp: publishOffer() });
    expect(published.configured).toBe('ok');
    expect(published.jsep?.type).toBe('answer');
    expect(published.streams).toEqual([
      expect.objectContaining({ type: 'audio', mid: '0', codec: 'opus' }),
      expect.objectContaining({ type: 'video', mid: '1', codec: 'vp8', simulcast: true }),
    ]);
    // The answer accepts the three layers.
    expect(published.jsep?.sdp).toMatch(/a=simulcast:recv h;m;l/);

    await muteParticipant(room, joined.id as number, { mid: '0' });
    await muteParticipant(room, joined.id as number, { mid: '0', mute: false });
    await expect(muteParticipant(room, joined.id as number, { mid: '7' })).rejects.toMatchObject({ code: 'videoroom', janusCode: 428 });
  });

  it('destroy ends the room: a second destroy answers false, and its list takes no more tokens', async () => {
    const room = await createRoom(lesson());
    expect(await destroyRoom(room)).toBe(true);
    expect(await destroyRoom(room)).toBe(false);
    const err = await allowToken(room, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SfuError);
    expect(err).toMatchObject({ code: 'videoroom', janusCode: 426 });
    // A wrong secret is refused (the secret is what the server holds the room by).
    const live = await createRoom(lesson());
    await expect(destroyRoom({ ...live, secret: 'guess' })).rejects.toMatchObject({ code: 'videoroom', janusCode: 433 });
  });
});
