import { describe, expect, it } from 'vitest';
import { isPoorSample, POOR_LINK, poorLinkWatch, recoveryWatch } from './poor-link';

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

  it('a reading without a call (no connected pair for a moment) neither counts as poor nor breaks the run', () => {
    const w = poorLinkWatch();
    const poor = { ...good, lossPct: 30 };
    for (let i = 1; i < POOR_LINK.samples; i++) expect(w.push(poor)).toBeNull();
    expect(w.push({ ...good, level: 'none', rttMs: null, outBitrate: null })).toBeNull();
    expect(w.push(poor)).toBe('drop');
  });

  it('after the fall-back, the link is back after enough good readings in a row; a poor one takes it back, a reading without a call changes nothing', () => {
    const r = recoveryWatch();
    const poor = { ...good, outLossPct: 25 };
    const none = { ...good, level: 'none' as const, rttMs: null, outBitrate: null };
    for (let i = 1; i < POOR_LINK.recoverSamples; i++) expect(r.push(good)).toBe(false);
    expect(r.push(none)).toBe(false);
    expect(r.push(good)).toBe(true);
    expect(r.push(none)).toBe(true);
    expect(r.push(poor)).toBe(false);
    for (let i = 1; i < POOR_LINK.recoverSamples; i++) expect(r.push(good)).toBe(false);
    expect(r.push(good)).toBe(true);
    r.reset();
    expect(r.push(good)).toBe(false);
  });
});
