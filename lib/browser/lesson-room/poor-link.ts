import type { Quality } from './peer';

/**
 * When a side stops sending video to keep the sound (issue 23, "a fall-back to audio only when the
 * link is poor"): `samples` readings in a row (one every 2 s in the room) with an outgoing bandwidth
 * under `minBitrate`, a loss over `maxLossPct` either way, or a round trip over `maxRttMs`. After
 * the fall-back, `recoverSamples` readings in a row that are not poor say the link is back (issue 31:
 * the room then offers the video again).
 */
export const POOR_LINK = { samples: 5, recoverSamples: 3, minBitrate: 120_000, maxLossPct: 12, maxRttMs: 1200 } as const;

type Sample = Pick<Quality, 'level' | 'rttMs' | 'lossPct' | 'outBitrate' | 'outLossPct'>;

export function isPoorSample(q: Sample, limits = POOR_LINK): boolean {
  if (q.level === 'none') return false;
  return (q.outBitrate !== null && q.outBitrate < limits.minBitrate) || q.lossPct > limits.maxLossPct || q.outLossPct > limits.maxLossPct || (q.rttMs !== null && q.rttMs > limits.maxRttMs);
}

/**
 * Counts poor readings in a row; says `drop` once when they reach the limit (then starts counting
 * again). A reading without a call (`none`: no connected candidate pair at that moment, as a lossy
 * link's ICE checks time out now and then) neither counts nor breaks the run.
 */
export function poorLinkWatch(limits = POOR_LINK) {
  let run = 0;
  return {
    push(q: Sample): 'drop' | null {
      if (q.level === 'none') return null;
      run = isPoorSample(q, limits) ? run + 1 : 0;
      if (run < limits.samples) return null;
      run = 0;
      return 'drop';
    },
    reset() {
      run = 0;
    },
  };
}

/**
 * After the fall-back: whether the link is good again (`recoverSamples` readings in a row that are
 * not poor); a poor reading takes it back. Readings without a call leave it as it was.
 */
export function recoveryWatch(limits = POOR_LINK) {
  let good = 0;
  return {
    push(q: Sample): boolean {
      if (q.level !== 'none') good = isPoorSample(q, limits) ? 0 : good + 1;
      return good >= limits.recoverSamples;
    },
    reset() {
      good = 0;
    },
  };
}
