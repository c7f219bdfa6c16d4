// A small VideoRoom client over Janus's WebSocket API (https://janus.conf.meetecho.com/docs/rest.html,
// "WebSockets"; the VideoRoom's multistream API of Janus 1.x, plugins/janus_videoroom.c), for a group
// lesson's room: one publisher handle (camera and microphone, simulcast) and one subscriber handle
// carrying every other publisher's streams. Why not Meetecho's janus.js (npm janus-gateway): it is a
// global script that wants webrtc-adapter and its own dependency injection, is about five times this
// file, and we use a tenth of it; docs/architecture.md, "The group room".

export interface SfuAccess {
  url: string;
  room: number;
  pin: string;
  token: string;
  feedId: number;
  display: string;
  iceServers: RTCIceServer[];
}

export interface RemoteFeed {
  feedId: number;
  display: string;
  stream: MediaStream;
  /** Each of its streams' mids on the subscriber's connection, by kind. */
  mids: { audio?: string; video?: string };
}

export interface GroupCallHandlers {
  /** The remote feeds changed (one joined, started, left). */
  onFeeds(feeds: RemoteFeed[]): void;
  /** A publisher's talking state (the VideoRoom's audio level events). */
  onTalking?(feedId: number, talking: boolean): void;
  /** The server sent this participant away (a kick) or the session ended. */
  onGone?(reason: string): void;
  onState?(state: RTCPeerConnectionState): void;
}

type Json = Record<string, unknown>;
type Jsep = { type: RTCSdpType; sdp: string };
interface Message {
  janus: string;
  transaction?: string;
  sender?: number;
  session_id?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Json };
  jsep?: Jsep;
}
interface PublisherInfo {
  id: number;
  display?: string;
  streams?: { type: string; mid: string; disabled?: boolean }[];
}

const tx = () => Math.random().toString(36).slice(2, 12);

/** The simulcast layers of a publisher's camera: high, a half and a quarter (the phone gets the low one). */
export const SIMULCAST_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: 'h', active: true, maxBitrate: 500_000 },
  { rid: 'm', active: true, maxBitrate: 200_000, scaleResolutionDownBy: 2 },
  { rid: 'l', active: true, maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];

export class GroupCall {
  private ws!: WebSocket;
  private session = 0;
  private pubHandle = 0;
  private subHandle = 0;
  private privateId = 0;
  private pending = new Map<string, { resolve: (m: Message) => void; reject: (e: Error) => void; async: boolean }>();
  private keepalive?: ReturnType<typeof setInterval>;
  private closed = false;
  readonly pub: RTCPeerConnection;
  sub: RTCPeerConnection | null = null;
  private feeds = new Map<number, RemoteFeed>();
  /** Feeds subscribed to (or being), by id. */
  private subscribed = new Set<number>();
  private subQueue: Promise<void> = Promise.resolve();

  constructor(
    private readonly access: SfuAccess,
    private readonly opts: { relayOnly?: boolean; lowLayer?: boolean; handlers: GroupCallHandlers },
  ) {
    this.pub = this.newPc();
    this.pub.onconnectionstatechange = () => opts.handlers.onState?.(this.pub.connectionState);
  }

  private newPc() {
    return new RTCPeerConnection({ iceServers: this.access.iceServers, ...(this.opts.relayOnly ? { iceTransportPolicy: 'relay' as const } : {}) });
  }

  private send(body: Json, async = false): Promise<Message> {
    const transaction = tx();
    return new Promise((resolve, reject) => {
      this.pending.set(transaction, { resolve, reject, async });
      this.ws.send(JSON.stringify({ ...body, transaction, token: this.access.token, ...(this.session ? { session_id: this.session } : {}) }));
      setTimeout(() => {
        if (this.pending.delete(transaction)) reject(new Error(`Janus did not answer ${String(body.janus)}`));
      }, 15_000);
    });
  }

  private async message(handle: number, body: Json, jsep?: Jsep): Promise<Message> {
    const m = await this.send({ janus: 'message', handle_id: handle, body, ...(jsep ? { jsep } : {}) }, true);
    const data = m.plugindata?.data;
    if (data?.error) throw new Error(`VideoRoom ${String(data.error_code)}: ${String(data.error)}`);
    return m;
  }

  private onMessage(m: Message) {
    const waiting = m.transaction ? this.pending.get(m.transaction) : undefined;
    if (waiting) {
      if (m.janus === 'ack' && waiting.async) return;
      this.pending.delete(m.transaction!);
      if (m.janus === 'error') waiting.reject(new Error(`Janus ${m.error?.code}: ${m.error?.reason}`));
      else waiting.resolve(m);
      // An event that answers a request may also carry news (publishers in a join's answer).
      if (m.janus === 'event') this.onEvent(m);
      return;
    }
    if (m.janus === 'event') this.onEvent(m);
    else if (m.janus === 'hangup' && m.sender === this.pubHandle) this.opts.handlers.onGone?.('hangup');
    else if (m.janus === 'timeout') this.opts.handlers.onGone?.('timeout');
  }

  private onEvent(m: Message) {
    const data = m.plugindata?.data ?? {};
    if (m.sender === this.subHandle && m.jsep?.type === 'offer' && m.transaction === undefined) {
      void this.answerSubscriber(m.jsep);
      return;
    }
    if (m.sender !== this.pubHandle) return;
    if (Array.isArray(data.publishers)) void this.subscribe(data.publishers as PublisherInfo[]);
    // A publisher stopped, left, or was kicked by the tutor (others get `kicked` with its id).
    const gone = (data.unpublished ?? data.leaving ?? data.kicked) as number | string | undefined;
    if (gone !== undefined && gone !== 'ok') void this.unsubscribe(Number(gone));
    if (data.videoroom === 'talking' || data.videoroom === 'stopped-talking') this.opts.handlers.onTalking?.(Number(data.id), data.videoroom === 'talking');
    // Kicked (or the room destroyed): the server sent us away.
    if (data.leaving === 'ok' || (data.videoroom === 'event' && data.leaving === this.access.feedId) || data.videoroom === 'destroyed') this.opts.handlers.onGone?.('kicked');
  }

  /** Opens the session, joins as a publisher and publishes `tracks` (video with simulcast). */
  async start(tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null }) {
    this.ws = new WebSocket(this.access.url, 'janus-protocol');
    await new Promise<void>((resolve, reject) => {
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error('the media server could not be reached'));
    });
    this.ws.onmessage = (e) => this.onMessage(JSON.parse(String(e.data)) as Message);
    this.ws.onclose = () => {
      if (!this.closed) this.opts.handlers.onGone?.('closed');
    };
    const created = await this.send({ janus: 'create' });
    this.session = created.data!.id!;
    this.keepalive = setInterval(() => void this.send({ janus: 'keepalive' }).catch(() => {}), 25_000);
    this.pubHandle = (await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id!;
    this.pub.onicecandidate = (e) => void this.trickle(this.pubHandle, e.candidate);
    const joined = await this.message(this.pubHandle, { request: 'join', ptype: 'publisher', room: this.access.room, pin: this.access.pin, id: this.access.feedId, display: this.access.display, token: this.access.token });
    this.privateId = Number(joined.plugindata?.data.private_id ?? 0);
    this.pub.addTransceiver(tracks.audio ?? 'audio', { direction: tracks.audio ? 'sendonly' : 'inactive' });
    this.pub.addTransceiver(tracks.video ?? 'video', { direction: tracks.video ? 'sendonly' : 'inactive', ...(tracks.video ? { sendEncodings: SIMULCAST_ENCODINGS } : {}) });
    const offer = await this.pub.createOffer();
    await this.pub.setLocalDescription(offer);
    const configured = await this.message(this.pubHandle, { request: 'publish', display: this.access.display }, { type: 'offer', sdp: offer.sdp! });
    if (configured.jsep) await this.pub.setRemoteDescription(configured.jsep);
    // Publishers already in the room came with the join's answer (handled in onEvent).
  }

  private trickle(handle: number, candidate: RTCIceCandidate | null) {
    if (this.closed || !handle) return;
    void this.send({ janus: 'trickle', handle_id: handle, candidate: candidate ? candidate.toJSON() : { completed: true } }).catch(() => {});
  }

  private emit() {
    this.opts.handlers.onFeeds([...this.feeds.values()]);
  }

  /** New publishers: subscribed to on the one subscriber handle (the first join, then `subscribe` updates). */
  private subscribe(publishers: PublisherInfo[]) {
    const fresh = publishers.filter((p) => p.id !== this.access.feedId && !this.subscribed.has(p.id) && (p.streams ?? []).some((s) => !s.disabled));
    if (!fresh.length) return;
    for (const p of fresh) {
      this.subscribed.add(p.id);
      this.feeds.set(p.id, { feedId: p.id, display: p.display ?? '', stream: new MediaStream(), mids: {} });
    }
    const streams = fresh.flatMap((p) => (p.streams ?? []).filter((s) => !s.disabled).map((s) => ({ feed: p.id, mid: s.mid })));
    this.subQueue = this.subQueue.then(async () => {
      if (this.closed) return;
      if (!this.subHandle) {
        this.subHandle = (await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id!;
        this.sub = this.newPc();
        this.sub.onicecandidate = (e) => void this.trickle(this.subHandle, e.candidate);
        this.sub.ontrack = (e) => this.onRemoteTrack(e);
        const attached = await this.message(this.subHandle, { request: 'join', ptype: 'subscriber', room: this.access.room, pin: this.access.pin, private_id: this.privateId, token: this.access.token, streams });
        this.mapStreams(attached.plugindata?.data.streams);
        if (attached.jsep) await this.answerSubscriber(attached.jsep);
      } else {
        const updated = await this.message(this.subHandle, { request: 'subscribe', streams });
        this.mapStreams(updated.plugindata?.data.streams);
        if (updated.jsep) await this.answerSubscriber(updated.jsep);
      }
      if (this.opts.lowLayer) {
        for (const f of fresh) {
          const mid = this.feeds.get(f.id)?.mids.video;
          if (mid) void this.message(this.subHandle, { request: 'configure', streams: [{ mid, substream: 0, temporal: 0 }] }).catch(() => {});
        }
      }
    }).catch((err: unknown) => console.warn('[group-room] subscribe failed:', err));
  }

  private mapStreams(streams: unknown) {
    if (!Array.isArray(streams)) return;
    for (const s of streams as { mid: string; type: string; feed_id?: number; active?: boolean }[]) {
      const feed = s.feed_id !== undefined ? this.feeds.get(s.feed_id) : undefined;
      if (feed && (s.type === 'audio' || s.type === 'video')) feed.mids[s.type] = s.mid;
    }
  }

  private onRemoteTrack(e: RTCTrackEvent) {
    const mid = e.transceiver.mid;
    for (const feed of this.feeds.values()) {
      if (feed.mids.audio === mid || feed.mids.video === mid) {
        for (const old of feed.stream.getTracks().filter((t) => t.kind === e.track.kind)) feed.stream.removeTrack(old);
        feed.stream.addTrack(e.track);
        feed.stream = new MediaStream(feed.stream.getTracks());
        this.emit();
        return;
      }
    }
  }

  private async answerSubscriber(offer: Jsep) {
    const pc = this.sub!;
    await pc.setRemoteDescription(offer);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await this.message(this.subHandle, { request: 'start' }, { type: 'answer', sdp: answer.sdp! });
    this.emit();
  }

  private unsubscribe(feedId: number) {
    if (!this.subscribed.delete(feedId)) return;
    this.feeds.delete(feedId);
    this.emit();
    this.subQueue = this.subQueue.then(async () => {
      if (this.closed || !this.subHandle) return;
      const m = await this.message(this.subHandle, { request: 'unsubscribe', streams: [{ feed: feedId }] });
      if (m.jsep) await this.answerSubscriber(m.jsep);
    }).catch(() => {});
  }

  /** What arrives on each subscribed stream (by mid): video frames decoded, audio energy (getStats). */
  async received(): Promise<Map<string, { frames: number; energy: number }>> {
    const out = new Map<string, { frames: number; energy: number }>();
    if (!this.sub) return out;
    const report = await this.sub.getStats();
    report.forEach((r: { type: string; mid?: string; kind?: string; framesDecoded?: number; totalAudioEnergy?: number }) => {
      if (r.type !== 'inbound-rtp' || r.mid === undefined) return;
      out.set(r.mid, { frames: r.framesDecoded ?? 0, energy: r.totalAudioEnergy ?? 0 });
    });
    return out;
  }

  /** Turns the own microphone or camera on or off (the track stays, so turning it on is instant). */
  setEnabled(kind: 'audio' | 'video', on: boolean) {
    for (const s of this.pub.getSenders()) if (s.track?.kind === kind) s.track.enabled = on;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    try {
      if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ janus: 'destroy', session_id: this.session, transaction: tx(), token: this.access.token }));
      this.ws?.close();
    } catch {
      // already gone
    }
    this.pub.close();
    this.sub?.close();
  }
}
