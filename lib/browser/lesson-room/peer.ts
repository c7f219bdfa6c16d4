// One-to-one WebRTC call with the "perfect negotiation" pattern (W3C webrtc-pc, section 10): the
// student is polite (rolls back on an offer collision), the tutor impolite. The tutor's connection
// carries one audio and one video transceiver from the start; the student answers on them. Tracks
// change with replaceTrack (mute, camera off, switch camera, screen share): no renegotiation.
// Every description and candidate names the sender's connection (`pc`), and an answer the offer's
// (`to`): after a reload or a reset, messages meant for a connection that is gone are dropped.
export type SignalPayload =
  | { description: { type: 'offer' | 'answer' | 'rollback'; sdp?: string }; pc?: string; to?: string }
  | { candidate: RTCIceCandidateInit | null; pc?: string }
  | { restart: true }
  | { hello: true };

export type CallState = 'new' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface CallOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  relayOnly?: boolean;
  /** What this side sends from the start (null: nothing yet). */
  tracks?: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  /**
   * Posts a signal; `wanted` says whether it is still worth sending (the channel retries a failed
   * post while it is: an offer replaced by a newer one, or of a connection that is gone, is not).
   */
  send: (payload: SignalPayload, wanted: () => boolean) => Promise<void>;
  onRemoteStream: (stream: MediaStream) => void;
  onState: (state: CallState) => void;
}

export class Call {
  pc!: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private tracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null } = { audio: null, video: null };
  private remote = new MediaStream();
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  /** This side's connection, and the other side's one it talks to. */
  private id = '';
  private remoteId: string | null = null;
  /** Candidates that came before their connection's description. */
  private early: { pc?: string; candidate: RTCIceCandidateInit }[] = [];
  /** Signals leave one at a time, in order: a candidate never overtakes its description. */
  private outbox: Promise<void> = Promise.resolve();
  /** When this side's offer now waiting for its answer was made (0: none). */
  private offeredAt = 0;

  private send(payload: SignalPayload) {
    const pc = this.pc;
    const sdp = 'description' in payload ? payload.description.sdp : undefined;
    // Still worth sending: the same connection, and (a description) still this side's current one.
    const wanted = () => pc === this.pc && pc.signalingState !== 'closed' && (sdp === undefined || pc.localDescription?.sdp === sdp);
    this.outbox = this.outbox.then(() => this.opts.send(payload, wanted)).catch(() => {});
    return this.outbox;
  }

  constructor(private opts: CallOptions) {
    if (opts.tracks) this.tracks = { ...opts.tracks };
    this.create();
  }

  /** A fresh connection (at start, and when the other side reloaded: its `hello`). */
  private create() {
    const pc = new RTCPeerConnection({ iceServers: this.opts.iceServers, iceTransportPolicy: this.opts.relayOnly ? 'relay' : 'all' });
    this.pc = pc;
    this.id = Math.random().toString(36).slice(2, 12);
    this.remoteId = null;
    this.early = [];
    const id = this.id;
    this.remote = new MediaStream();
    this.opts.onRemoteStream(this.remote);
    this.opts.onState('connecting');
    pc.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      this.opts.onRemoteStream(this.remote);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && pc === this.pc) void this.send({ candidate: candidate.toJSON(), pc: id });
    };
    pc.onnegotiationneeded = async () => {
      if (pc !== this.pc) return;
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        this.offeredAt = Date.now();
        await this.send({ description: pc.localDescription!.toJSON() as { type: 'offer'; sdp: string }, pc: id });
      } catch (err) {
        console.error('[room] offer failed', err);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc) return;
      const s = pc.connectionState;
      if (s === 'connected') {
        this.clearRestart();
        this.opts.onState('connected');
      } else if (s === 'disconnected') {
        this.opts.onState('reconnecting');
        // A short drop often heals itself; if not, restart ICE.
        this.scheduleRestart(4000);
      } else if (s === 'failed') {
        this.opts.onState('reconnecting');
        this.restart();
      }
    };
    if (!this.opts.polite) {
      pc.addTransceiver(this.tracks.audio ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(this.tracks.video ?? 'video', { direction: 'sendrecv' });
    }
  }

  private clearRestart() {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }
  private scheduleRestart(ms: number) {
    this.clearRestart();
    this.restartTimer = setTimeout(() => {
      if (this.pc.connectionState !== 'connected') this.restart();
    }, ms);
  }

  /** Fresh TURN credentials for the connection's next gathering (the old ones lapse with the lesson). */
  setIceServers(iceServers: RTCIceServer[]) {
    this.opts.iceServers = iceServers;
    if (this.pc.signalingState !== 'closed') this.pc.setConfiguration({ ...this.pc.getConfiguration(), iceServers });
  }

  /**
   * ICE restart: a new offer with fresh credentials; the other side is told (it shows "reconnecting").
   * An offer of this side that has waited for its answer for long was lost (posted while the network
   * was down) or ignored (the impolite side's collision): its answer will not come, and restartIce()
   * makes no new offer before one does. It is rolled back, so a new offer goes out.
   */
  restart() {
    this.clearRestart();
    // A notice only, outside the queue: while the network is down its post is tried again for a
    // while, and the offer must not wait behind it.
    const pc0 = this.pc;
    void this.opts.send({ restart: true }, () => pc0 === this.pc && pc0.connectionState !== 'connected' && pc0.signalingState !== 'closed').catch(() => {});
    const pc = this.pc;
    if (pc.signalingState === 'have-local-offer' && Date.now() - this.offeredAt >= Call.ANSWER_WAIT_MS) {
      pc.setLocalDescription({ type: 'rollback' })
        .then(() => {
          if (pc === this.pc) pc.restartIce();
        })
        .catch((err: unknown) => console.error('[room] rollback failed', err));
    } else {
      pc.restartIce();
    }
    this.scheduleRestart(10_000);
  }

  /** How long an offer may wait for its answer before a restart gives it up. */
  static ANSWER_WAIT_MS = 5000;

  /** Recreates the connection (the other side came back from a reload). */
  reset() {
    this.clearRestart();
    this.pc.close();
    this.create();
  }

  async handle(payload: SignalPayload): Promise<void> {
    const pc = this.pc;
    if ('hello' in payload) {
      this.reset();
      return;
    }
    if ('restart' in payload) {
      // The other side restarts ICE. Shown only while this side's connection is down too: when it is
      // (back) up, no state change follows to clear it, and the call would read "reconnecting"
      // with media flowing (seen after a relay came back).
      if (pc.connectionState !== 'connected') this.opts.onState('reconnecting');
      return;
    }
    if ('description' in payload) {
      const description = payload.description as RTCSessionDescriptionInit;
      if (description.type === 'answer') {
        // An answer to an offer of a connection that is gone, or that no longer waits for one.
        if ((payload.to && payload.to !== this.id) || pc.signalingState !== 'have-local-offer') return;
      } else if (description.type === 'offer' && payload.pc && this.remoteId && payload.pc !== this.remoteId && this.opts.polite) {
        // The other side started a new connection (it reloaded or reset): so does this side.
        this.reset();
        return this.handle(payload);
      }
      const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
      this.ignoreOffer = !this.opts.polite && collision;
      if (this.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      if (payload.pc) this.remoteId = payload.pc;
      const early = this.early.filter((c) => !c.pc || c.pc === this.remoteId);
      this.early = [];
      for (const c of early) await pc.addIceCandidate(c.candidate).catch(() => {});
      if (description.type === 'offer') {
        this.attachToTransceivers();
        await pc.setLocalDescription();
        await this.send({ description: pc.localDescription!.toJSON() as { type: 'answer'; sdp: string }, pc: this.id, to: payload.pc });
      }
      return;
    }
    if ('candidate' in payload && payload.candidate) {
      if (!pc.remoteDescription || (payload.pc && this.remoteId && payload.pc !== this.remoteId)) {
        // Before its description (kept), or of a connection that is gone (a newer one may still come: kept too).
        this.early.push({ pc: payload.pc, candidate: payload.candidate });
        return;
      }
      try {
        await pc.addIceCandidate(payload.candidate);
      } catch (err) {
        if (!this.ignoreOffer) console.error('[room] candidate refused', err);
      }
    }
  }

  /** The polite side sends on the transceivers the offer made. */
  private attachToTransceivers() {
    for (const t of this.pc.getTransceivers()) {
      const kind = t.receiver.track.kind as 'audio' | 'video';
      if (t.direction !== 'sendrecv' && t.direction !== 'stopped') t.direction = 'sendrecv';
      void t.sender.replaceTrack(this.tracks[kind]).catch(() => {});
    }
  }

  /** What this side sends: a microphone track, a camera or screen track, or nothing. */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    this.tracks[kind] = track;
    for (const t of this.pc.getTransceivers()) {
      if (t.receiver.track.kind === kind && t.direction !== 'stopped') await t.sender.replaceTrack(track).catch(() => {});
    }
  }

  close() {
    this.clearRestart();
    this.pc.close();
  }
}

export interface Quality {
  level: 'good' | 'fair' | 'poor' | 'none';
  rttMs: number | null;
  lossPct: number;
  inboundFrames: number;
  audioEnergy: number;
  relay: boolean;
  /** The bandwidth the browser estimates for what this side sends (bits a second), when it says. */
  outBitrate: number | null;
  /** The share of this side's packets the other side reports lost (remote-inbound-rtp), in per cent. */
  outLossPct: number;
}

/** The call's quality from getStats: round trip, loss, frames and audio received, relay or not. */
export async function readQuality(pc: RTCPeerConnection, prev?: { lost: number; received: number }): Promise<Quality & { counters: { lost: number; received: number } }> {
  const stats = await pc.getStats();
  let rtt: number | null = null;
  let lost = 0;
  let received = 0;
  let frames = 0;
  let energy = 0;
  let relay = false;
  let outBitrate: number | null = null;
  let outLoss = 0;
  const byId = new Map<string, RTCStats & Record<string, unknown>>();
  stats.forEach((s) => byId.set(s.id, s as RTCStats & Record<string, unknown>));
  // The pair the call uses: the transport's selected one. Not "nominated and succeeded": on a lossy
  // link the selected pair reads `in-progress` whenever one of its consent checks is still
  // unanswered, and the call looked gone (level `none`) every other reading, just when the link
  // was at its worst (seen in e2e/lesson-room.spec.ts's poor-link test). That only as a fall-back.
  const selected = new Set<string>();
  for (const s of byId.values()) if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') selected.add(s.selectedCandidatePairId);
  const inUse = (s: RTCStats & Record<string, unknown>) => (selected.size > 0 ? selected.has(s.id) : Boolean(s.nominated) && s.state === 'succeeded');
  for (const s of byId.values()) {
    if (s.type === 'candidate-pair' && inUse(s)) {
      if (typeof s.currentRoundTripTime === 'number') rtt = s.currentRoundTripTime * 1000;
      const local = byId.get(String(s.localCandidateId));
      if (local?.candidateType === 'relay') relay = true;
      if (typeof s.availableOutgoingBitrate === 'number') outBitrate = s.availableOutgoingBitrate;
    }
    if (s.type === 'remote-inbound-rtp' && typeof s.fractionLost === 'number') outLoss = Math.max(outLoss, s.fractionLost * 100);
    if (s.type === 'inbound-rtp') {
      lost += Number(s.packetsLost ?? 0);
      received += Number(s.packetsReceived ?? 0);
      if (s.kind === 'video') frames += Number(s.framesDecoded ?? 0);
      if (s.kind === 'audio') energy += Number(s.totalAudioEnergy ?? 0);
    }
  }
  const dLost = lost - (prev?.lost ?? 0);
  const dRecv = received - (prev?.received ?? 0);
  const lossPct = dLost + dRecv > 0 ? (100 * dLost) / (dLost + dRecv) : 0;
  // While the call is down (reconnecting: the relay or the network gone) there is no link to judge:
  // the selected pair keeps its last round trip and a falling bandwidth estimate, and read as a poor
  // link they paused the video during a mere reconnect (the relay e2e, coturn stopped for a while).
  const level = rtt === null || pc.connectionState !== 'connected' ? 'none' : rtt < 250 && lossPct < 2 ? 'good' : rtt < 600 && lossPct < 8 ? 'fair' : 'poor';
  return { level, rttMs: rtt, lossPct, inboundFrames: frames, audioEnergy: energy, relay, outBitrate, outLossPct: outLoss, counters: { lost, received } };
}
