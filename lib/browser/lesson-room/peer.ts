// One-to-one WebRTC call with the "perfect negotiation" pattern (W3C webrtc-pc, section 10): the
// student is polite (rolls back on an offer collision), the tutor impolite. The tutor's connection
// carries one audio and one video transceiver from the start; the student answers on them. Tracks
// change with replaceTrack (mute, camera off, switch camera, screen share): no renegotiation.
export type SignalPayload =
  | { description: { type: 'offer' | 'answer' | 'rollback'; sdp?: string } }
  | { candidate: RTCIceCandidateInit | null }
  | { restart: true }
  | { hello: true };

export type CallState = 'new' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface CallOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  relayOnly?: boolean;
  /** What this side sends from the start (null: nothing yet). */
  tracks?: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  send: (payload: SignalPayload) => Promise<void>;
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

  constructor(private opts: CallOptions) {
    if (opts.tracks) this.tracks = { ...opts.tracks };
    this.create();
  }

  /** A fresh connection (at start, and when the other side reloaded: its `hello`). */
  private create() {
    const pc = new RTCPeerConnection({ iceServers: this.opts.iceServers, iceTransportPolicy: this.opts.relayOnly ? 'relay' : 'all' });
    this.pc = pc;
    this.remote = new MediaStream();
    this.opts.onRemoteStream(this.remote);
    this.opts.onState('connecting');
    pc.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      this.opts.onRemoteStream(this.remote);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) void this.opts.send({ candidate: candidate.toJSON() }).catch(() => {});
    };
    pc.onnegotiationneeded = async () => {
      if (pc !== this.pc) return;
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        await this.opts.send({ description: pc.localDescription!.toJSON() as { type: 'offer'; sdp: string } });
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

  /** ICE restart: a new offer with fresh credentials; the other side is told (it shows "reconnecting"). */
  restart() {
    this.clearRestart();
    void this.opts.send({ restart: true }).catch(() => {});
    this.pc.restartIce();
    this.scheduleRestart(10_000);
  }

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
      this.opts.onState('reconnecting');
      return;
    }
    if ('description' in payload) {
      const description = payload.description as RTCSessionDescriptionInit;
      // An answer to an offer this connection no longer waits for (it was recreated meanwhile).
      if (description.type === 'answer' && pc.signalingState === 'stable') return;
      // An offer from a new connection of the other side (its certificate changed): start afresh.
      if (description.type === 'offer' && this.opts.polite && pc.remoteDescription && fingerprint(pc.remoteDescription.sdp) !== fingerprint(description.sdp)) {
        this.reset();
        return this.handle(payload);
      }
      const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
      this.ignoreOffer = !this.opts.polite && collision;
      if (this.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        this.attachToTransceivers();
        await pc.setLocalDescription();
        await this.opts.send({ description: pc.localDescription!.toJSON() as { type: 'answer'; sdp: string } });
      }
      return;
    }
    if ('candidate' in payload && payload.candidate) {
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

const fingerprint = (sdp?: string) => /a=fingerprint:(\S+ \S+)/.exec(sdp ?? '')?.[1] ?? '';

export interface Quality {
  level: 'good' | 'fair' | 'poor' | 'none';
  rttMs: number | null;
  lossPct: number;
  inboundFrames: number;
  audioEnergy: number;
  relay: boolean;
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
  const byId = new Map<string, RTCStats & Record<string, unknown>>();
  stats.forEach((s) => byId.set(s.id, s as RTCStats & Record<string, unknown>));
  for (const s of byId.values()) {
    if (s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded') {
      if (typeof s.currentRoundTripTime === 'number') rtt = s.currentRoundTripTime * 1000;
      const local = byId.get(String(s.localCandidateId));
      if (local?.candidateType === 'relay') relay = true;
    }
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
  const level = rtt === null ? 'none' : rtt < 250 && lossPct < 2 ? 'good' : rtt < 600 && lossPct < 8 ? 'fair' : 'poor';
  return { level, rttMs: rtt, lossPct, inboundFrames: frames, audioEnergy: energy, relay, counters: { lost, received } };
}
