import { describe, expect, it } from 'vitest';
import { isPoorSample, POOR_LINK, poorLinkWatch } from './poor-link';

const good = { level: 'good' as const, rttMs: 80, lossPct: 0, outBitrate: 1_500_000, outLossPct: 0 };

describe('the audio-only fall-back: when a link is poor', () => {
  it('a reading is poor with little outgoing bandwidth, high loss either way or a long round trip; no call is never poor', () => {
    expect(isPoorSample(good)).toBe(false);
    expect(isPoorSample({ ...good, outBitrate: 60_000 })).toBe(true);
    expect(isPoorSample({ ...good, lossPct: 20 })).toBe(true);
    expect(isPoorSample({ ...good, outLossPct: 25 })).toBe(true);
    expect(isPoorSample({ ...good, rttMs: 2000 })).toBe(true);
    expect(isPoorSample({ ...good, outBitrate: null })).toBe(false);
    expect(isPoorSample({ ...good, level: 'none', lossPct: 50 })).toBe(false);
  });

  it('drops video only after the poor readings are sustained, once, and a good reading starts the count again', () => {
    const w = poorLinkWatch();
    const poor = { ...good, lossPct: 30 };
    for (let i = 1; i < POOR_LINK.samples; i++) expect(w.push(poor)).toBeNull();
    expect(w.push(good)).toBeNull();
    for (let i = 1; i < POOR_LINK.samples; i++) expect(w.push(poor)).toBeNull();
    expect(w.push(poor)).toBe('drop');
    expect(w.push(poor)).toBeNull();
  });
});
