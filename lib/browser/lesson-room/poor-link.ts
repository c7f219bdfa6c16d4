import type { Quality } from './peer';

/**
 * When a side stops sending video to keep the sound (issue 23, "a fall-back to audio only when the
 * link is poor"): `samples` readings in a row (one every 2 s in the room) with an outgoing bandwidth
 * under `minBitrate`, a loss over `maxLossPct` either way, or a round trip over `maxRttMs`.
 */
export const POOR_LINK = { samples: 5, minBitrate: 120_000, maxLossPct: 12, maxRttMs: 1200 } as const;

export function isPoorSample(q: Pick<Quality, 'level' | 'rttMs' | 'lossPct' | 'outBitrate' | 'outLossPct'>, limits = POOR_LINK): boolean {
  if (q.level === 'none') return false;
  return (q.outBitrate !== null && q.outBitrate < limits.minBitrate) || q.lossPct > limits.maxLossPct || q.outLossPct > limits.maxLossPct || (q.rttMs !== null && q.rttMs > limits.maxRttMs);
}

/** Counts poor readings in a row; says `drop` once when they reach the limit (then starts counting again). */
export function poorLinkWatch(limits = POOR_LINK) {
  let run = 0;
  return {
    push(q: Parameters<typeof isPoorSample>[0]): 'drop' | null {
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
