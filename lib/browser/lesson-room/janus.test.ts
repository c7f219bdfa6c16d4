// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupCall, SIMULCAST_ENCODINGS } from './janus';

// The group room's VideoRoom client against a scripted Janus (its WebSocket API's answers as Janus
// 1.x sends them) and a stand-in RTCPeerConnection: what it asks of Janus and in which order. The
// media itself is e2e/group-room.spec.ts's (a real Janus, three browsers).

type Sent = Record<string, unknown> & { janus: string; transaction: string; body?: Record<string, unknown>; jsep?: unknown; handle_id?: number };
let sockets: FakeSocket[] = [];

class FakeSocket {
  static OPEN = 1;
  readyState = 1;
  sent: Sent[] = [];
  onopen?: () => void;
  onerror?: () => void;
  onmessage?: (e: { data: string }) => void;
  onclose?: () => void;
  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {
    sockets.push(this);
    setTimeout(() => this.onopen?.(), 0);
  }
  send(text: string) {
    const m = JSON.parse(text) as Sent;
    this.sent.push(m);
    setTimeout(() => this.answer(m), 0);
  }
  close() {}
  push(m: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  private handles = 0;
  answer(m: Sent) {
    const reply = (x: Record<string, unknown>) => this.push({ transaction: m.transaction, ...x });
    if (m.janus === 'create') return reply({ janus: 'success', data: { id: 7 } });
    if (m.janus === 'attach') return reply({ janus: 'success', data: { id: 100 + ++this.handles } });
    if (m.janus === 'keepalive' || m.janus === 'trickle') return reply({ janus: 'ack' });
    if (m.janus !== 'message') return;
    reply({ janus: 'ack' });
    const body = m.body!;
    const event = (data: Record<string, unknown>, jsep?: unknown) => reply({ janus: 'event', sender: m.handle_id, plugindata: { plugin: 'janus.plugin.videoroom', data }, ...(jsep ? { jsep } : {}) });
    if (body.request === 'join' && body.ptype === 'publisher')
      return event({ videoroom: 'joined', id: body.id, private_id: 555, publishers: [{ id: 42_000_001, display: '42', streams: [{ type: 'audio', mid: '0' }, { type: 'video', mid: '1' }] }] });
    if (body.request === 'publish') return event({ videoroom: 'event', configured: 'ok' }, { type: 'answer', sdp: 'v=0 answer' });
    if (body.request === 'join' && body.ptype === 'subscriber') {
      const streams = (body.streams as { feed: number; mid: string }[]).map((s, i) => ({ mid: String(i), feed_id: s.feed, type: s.mid === '0' ? 'audio' : 'video' }));
      return event({ videoroom: 'attached', streams }, { type: 'offer', sdp: 'v=0 offer' });
    }
    if (body.request === 'subscribe') return event({ videoroom: 'updated', streams: [] }, { type: 'offer', sdp: 'v=0 offer 2' });
    if (body.request === 'unsubscribe') return event({ videoroom: 'updated', streams: [] }, { type: 'offer', sdp: 'v=0 offer 3' });
    if (body.request === 'start') return event({ videoroom: 'event', started: 'ok' });
    if (body.request === 'configure') return event({ videoroom: 'event', configured: 'ok' });
  }
}

const transceivers: { kind: unknown; init: RTCRtpTransceiverInit }[] = [];
class FakePc {
  onicecandidate?: unknown;
  ontrack?: unknown;
  onconnectionstatechange?: unknown;
  connectionState = 'new';
  constructor(readonly config: RTCConfiguration) {
    pcs.push(this);
  }
  addTransceiver(kind: unknown, init: RTCRtpTransceiverInit) {
    transceivers.push({ kind, init });
  }
  createOffer = async () => ({ type: 'offer', sdp: 'v=0 offer' });
  createAnswer = async () => ({ type: 'answer', sdp: 'v=0 answer' });
  setLocalDescription = vi.fn(async () => {});
  setRemoteDescription = vi.fn(async () => {});
  getSenders = () => [];
  close() {}
}
let pcs: FakePc[] = [];

const access = { url: 'ws://127.0.0.1:8188', room: 1234, pin: 'pin', token: 'tok', feedId: 9_000_003, display: '9', iceServers: [{ urls: ['turn:127.0.0.1:3478'], username: 'u', credential: 'c' }] };
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('the group room\'s VideoRoom client (lib/browser/lesson-room/janus.ts)', () => {
  beforeEach(() => {
    sockets = [];
    pcs = [];
    transceivers.length = 0;
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('RTCPeerConnection', FakePc);
    vi.stubGlobal('MediaStream', class { getTracks = () => []; });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('joins with the token, the pin and its feed id, publishes with simulcast, subscribes to the others (the low layer on a phone), and answers each offer', async () => {
    const feeds: number[][] = [];
    const call = new GroupCall(access, { lowLayer: true, relayOnly: true, handlers: { onFeeds: (f) => feeds.push(f.map((x) => x.feedId)) } });
    await call.start({ audio: { kind: 'audio' } as MediaStreamTrack, video: { kind: 'video' } as MediaStreamTrack });
    await settle();
    const ws = sockets[0]!;
    expect(ws.url).toBe(access.url);
    expect(ws.protocol).toBe('janus-protocol');
    // Every request carries the token (Janus's token_auth checks each one).
    expect(ws.sent.every((m) => m.token === 'tok')).toBe(true);
    const requests = ws.sent.filter((m) => m.janus === 'message').map((m) => m.body!);
    expect(requests[0]).toEqual({ request: 'join', ptype: 'publisher', room: 1234, pin: 'pin', id: 9_000_003, display: '9', token: 'tok' });
    expect(requests[1]).toMatchObject({ request: 'publish' });
    expect(ws.sent.find((m) => m.body?.request === 'publish')!.jsep).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    // The camera in three layers; the microphone alone; the relay forced (?relay=1) with our coturn.
    expect(transceivers[1]!.init).toEqual({ direction: 'sendonly', sendEncodings: SIMULCAST_ENCODINGS });
    expect(SIMULCAST_ENCODINGS.map((e) => e.scaleResolutionDownBy ?? 1)).toEqual([1, 2, 4]);
    expect(pcs[0]!.config).toEqual({ iceServers: access.iceServers, iceTransportPolicy: 'relay' });
    // The one publisher already there: subscribed with the private id, its offer answered with `start`.
    expect(requests[2]).toEqual({ request: 'join', ptype: 'subscriber', room: 1234, pin: 'pin', private_id: 555, token: 'tok', streams: [{ feed: 42_000_001, mid: '0' }, { feed: 42_000_001, mid: '1' }] });
    expect(requests[3]).toEqual({ request: 'start' });
    expect(ws.sent.find((m) => m.body?.request === 'start')!.jsep).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    // A phone: the low layer of its video.
    expect(requests[4]).toEqual({ request: 'configure', streams: [{ mid: '1', substream: 0, temporal: 0 }] });
    expect(feeds.at(-1)).toEqual([42_000_001]);

    // Another publisher comes (an event of the publisher's handle): one `subscribe` on the same handle.
    ws.push({ janus: 'event', sender: 101, plugindata: { data: { videoroom: 'event', publishers: [{ id: 43_000_002, display: '43', streams: [{ type: 'audio', mid: '0' }] }] } } });
    await settle();
    const more = ws.sent.filter((m) => m.janus === 'message').map((m) => m.body!);
    expect(more.find((b) => b.request === 'subscribe')).toEqual({ request: 'subscribe', streams: [{ feed: 43_000_002, mid: '0' }] });
    expect(feeds.at(-1)).toEqual([42_000_001, 43_000_002]);
    // It leaves: unsubscribed, gone from the feeds.
    ws.push({ janus: 'event', sender: 101, plugindata: { data: { videoroom: 'event', leaving: 43_000_002 } } });
    await settle();
    expect(ws.sent.filter((m) => m.janus === 'message').map((m) => m.body!).find((b) => b.request === 'unsubscribe')).toEqual({ request: 'unsubscribe', streams: [{ feed: 43_000_002 }] });
    expect(feeds.at(-1)).toEqual([42_000_001]);
    call.close();
    expect(ws.sent.at(-1)).toMatchObject({ janus: 'destroy', session_id: 7, token: 'tok' });
  });

  it('a kick (the tutor removed this participant) is reported as gone', async () => {
    const gone: string[] = [];
    const call = new GroupCall(access, { handlers: { onFeeds: () => {}, onGone: (r) => gone.push(r) } });
    await call.start({ audio: null, video: null });
    await settle();
    sockets[0]!.push({ janus: 'event', sender: 101, plugindata: { data: { videoroom: 'event', leaving: 'ok', reason: 'kicked' } } });
    expect(gone).toEqual(['kicked']);
    call.close();
  });
});
