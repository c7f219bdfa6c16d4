import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Call, readQuality, type SignalPayload } from './peer';

/**
 * A stand-in for the browser's RTCPeerConnection with the parts of its signalling state machine the
 * call uses: setLocalDescription() makes an offer (stable) or an answer (have-remote-offer), a
 * rollback returns to stable, restartIce() asks for negotiation, which fires only in stable (as the
 * W3C spec says: "negotiationneeded" waits for the state to return to stable).
 */
class FakePc {
  static all: FakePc[] = [];
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: string; sdp: string; toJSON(): { type: string; sdp: string } } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  onicecandidate: (() => void) | null = null;
  ontrack: (() => void) | null = null;
  private needed = false;
  private made = 0;
  constructor() {
    FakePc.all.push(this);
  }
  private queued = false;
  /** Negotiation is needed: the event fires once (changes made together make one), and only in stable. */
  private negotiate() {
    this.needed = true;
    if (this.signalingState === 'stable' && !this.queued) {
      this.needed = false;
      this.queued = true;
      queueMicrotask(() => {
        this.queued = false;
        this.onnegotiationneeded?.();
      });
    }
  }
  addTransceiver() {
    this.negotiate();
  }
  getTransceivers() {
    return [];
  }
  restartIce() {
    this.negotiate();
  }
  async setLocalDescription(d?: { type: string }) {
    if (d?.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
      if (this.needed) this.negotiate();
      return;
    }
    const type = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    // An offer covers every change asked for before it.
    if (type === 'offer') this.needed = false;
    const sdp = `${type}-${++this.made}`;
    this.localDescription = { type, sdp, toJSON: () => ({ type, sdp }) };
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(d: { type: string; sdp: string }) {
    this.remoteDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
    if (this.signalingState === 'stable' && this.needed) this.negotiate();
  }
  async addIceCandidate() {}
  async getStats() {
    return new Map();
  }
  close() {
    this.signalingState = 'closed';
  }
  /** The connection's ICE state changes (the network dropped, came back). */
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const offers = (sent: SignalPayload[]) => sent.filter((p) => 'description' in p && p.description.type === 'offer');

describe('the call after a network drop (perfect negotiation with ICE restarts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePc.all = [];
    vi.stubGlobal('RTCPeerConnection', FakePc);
    vi.stubGlobal('MediaStream', class {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up an offer whose answer never came (posted while offline) and makes a new one: the call does not stay stuck', async () => {
    const sent: SignalPayload[] = [];
    let online = true;
    const states: string[] = [];
    const call = new Call({
      polite: false,
      iceServers: [],
      send: async (p) => {
        if (!online) throw new Error('offline');
        sent.push(p);
      },
      onRemoteStream: () => {},
      onState: (s) => states.push(s),
    });
    const pc = FakePc.all[0]!;
    await vi.advanceTimersByTimeAsync(0);
    expect(offers(sent)).toHaveLength(1);
    // The student answers; the call connects.
    await call.handle({ description: { type: 'answer', sdp: 'student-answer' }, to: undefined });
    pc.become('connected');
    expect(pc.signalingState).toBe('stable');

    // The network drops: the connection goes down, and the restart's offer is posted into nothing.
    online = false;
    pc.become('disconnected');
    await vi.advanceTimersByTimeAsync(4000);
    expect(pc.signalingState).toBe('have-local-offer');
    expect(offers(sent)).toHaveLength(1);

    // The network is back: at the next restart the lost offer is rolled back and a new one goes out.
    online = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(offers(sent)).toHaveLength(2);
    const last = offers(sent).at(-1)! as { description: { sdp: string } };
    expect(last.description.sdp).toBe(pc.localDescription!.sdp);
    expect(pc.signalingState).toBe('have-local-offer');
    // Its answer comes, and the call is up again.
    await call.handle({ description: { type: 'answer', sdp: 'student-answer-2' } });
    expect(pc.signalingState).toBe('stable');
    pc.become('connected');
    expect(states.at(-1)).toBe('connected');
    call.close();
  });

  it('keeps an offer that has only just left (its answer is on the way): the restart waits for it', async () => {
    const sent: SignalPayload[] = [];
    const call = new Call({ polite: false, iceServers: [], send: async (p) => void sent.push(p), onRemoteStream: () => {}, onState: () => {} });
    const pc = FakePc.all[0]!;
    await vi.advanceTimersByTimeAsync(0);
    call.restart();
    await vi.advanceTimersByTimeAsync(0);
    expect(offers(sent)).toHaveLength(1);
    expect(pc.signalingState).toBe('have-local-offer');
    // The answer to the first offer arrives; the restart's offer follows at once.
    await call.handle({ description: { type: 'answer', sdp: 'a1' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(offers(sent)).toHaveLength(2);
    call.close();
  });

  it('does not hold the restart\'s offer behind its notice to the other side (tried again for a while when the network is down)', async () => {
    const sent: SignalPayload[] = [];
    const call = new Call({
      polite: false,
      iceServers: [],
      // The notice's post hangs (the channel trying it again); everything else goes.
      send: (p) => ('restart' in p ? new Promise(() => {}) : Promise.resolve(void sent.push(p))),
      onRemoteStream: () => {},
      onState: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    await call.handle({ description: { type: 'answer', sdp: 'a1' } });
    call.restart();
    await vi.advanceTimersByTimeAsync(0);
    expect(offers(sent)).toHaveLength(2);
    call.close();
  });

  it('tells the channel a replaced offer is no longer worth posting', async () => {
    const asked: (() => boolean)[] = [];
    const call = new Call({
      polite: false,
      iceServers: [],
      send: async (p, wanted) => {
        if ('description' in p) asked.push(wanted);
      },
      onRemoteStream: () => {},
      onState: () => {},
    });
    const pc = FakePc.all[0]!;
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    expect(asked[0]!()).toBe(true);
    await vi.advanceTimersByTimeAsync(Call.ANSWER_WAIT_MS);
    pc.become('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(2);
    expect(asked[0]!()).toBe(false);
    expect(asked[1]!()).toBe(true);
    call.close();
    expect(asked[1]!()).toBe(false);
  });
});

describe('readQuality: the call quality from getStats', () => {
  const report = (pairState: string, connectionState = 'connected') => {
    const entries = [
      { id: 'T01', type: 'transport', selectedCandidatePairId: 'CP1' },
      { id: 'CP1', type: 'candidate-pair', nominated: true, state: pairState, currentRoundTripTime: 0.02, availableOutgoingBitrate: 90_000, localCandidateId: 'L1' },
      { id: 'CP2', type: 'candidate-pair', nominated: false, state: 'failed', localCandidateId: 'L2' },
      { id: 'L1', type: 'local-candidate', candidateType: 'relay' },
      { id: 'L2', type: 'local-candidate', candidateType: 'host' },
      { id: 'IA', type: 'inbound-rtp', kind: 'audio', packetsLost: 30, packetsReceived: 70, totalAudioEnergy: 0.5 },
      { id: 'RA', type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0.25 },
    ];
    return { connectionState, getStats: async () => new Map(entries.map((e) => [e.id, e])) } as unknown as RTCPeerConnection;
  };

  it("reads the transport's selected pair, also while one of its checks is unanswered (in-progress on a lossy link): never 'none' during a call", async () => {
    for (const state of ['succeeded', 'in-progress']) {
      const q = await readQuality(report(state));
      expect(q).toMatchObject({ rttMs: 20, outBitrate: 90_000, relay: true, lossPct: 30, outLossPct: 25, level: 'poor' });
    }
  });

  it('says nothing about the link while the call is down (reconnecting): no poor readings that would pause the video', async () => {
    for (const state of ['disconnected', 'failed', 'connecting']) expect((await readQuality(report('in-progress', state))).level).toBe('none');
  });
});
