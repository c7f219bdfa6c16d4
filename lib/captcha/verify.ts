import 'server-only';
import { captchaTokens } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { CaptchaProof } from '@/lib/validations/captcha';
import { tokenHash } from '@/lib/crypto/opaque-token';

export interface CaptchaConfig {
  /** reCAPTCHA v3 secret. */
  secret?: string;
  /** reCAPTCHA v2 secret (checkbox or invisible key): its own key pair, Google keys are per type. */
  v2Secret?: string;
  verifyUrl: string;
  minScore: number;
  hostnames: string[];
}

/**
 * `outage`: Google could not be asked; callers decide whether to fail open (never lose a lead).
 * `challenge`: a genuine v3 token that scored too low while the v2 checkbox is configured: the
 * visitor is shown the checkbox instead of a dead end.
 */
export type CaptchaResult =
  | { ok: true; skipped?: boolean }
  | { ok: false; reason: string; outage?: boolean; challenge?: boolean };

/** Captcha checks are on when either secret is configured. */
export const captchaOn = (cfg: CaptchaConfig) => !!(cfg.secret || cfg.v2Secret);

type SiteVerify = { success?: boolean; score?: number; action?: string; hostname?: string; 'error-codes'?: string[] };

/**
 * reCAPTCHA on the server. v3: success, expected action and hostname, score at or above the
 * minimum. v2 (no score, no action): success and hostname, with the v2 secret. Each token is
 * accepted once. Off (always ok) when no secret is configured.
 */
export async function verifyCaptcha(
  db: Db,
  cfg: CaptchaConfig,
  proof: CaptchaProof,
  action: string,
  remoteIp?: string,
): Promise<CaptchaResult> {
  if (!captchaOn(cfg)) return { ok: true, skipped: true };
  const { captchaToken: token, captchaKind: kind = 'v3' } = proof;
  if (!token || token.length > 4096) return { ok: false, reason: 'missing-token' };
  const secret = kind === 'v2' ? cfg.v2Secret : cfg.secret;
  if (!secret) return { ok: false, reason: `${kind}-not-configured` };
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp && remoteIp !== 'unknown') body.set('remoteip', remoteIp);
  let data: SiteVerify;
  try {
    const res = await fetch(cfg.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return { ok: false, reason: `verify-http-${res.status}`, outage: true };
    data = (await res.json()) as SiteVerify;
  } catch {
    return { ok: false, reason: 'verify-unreachable', outage: true };
  }
  if (!data.success) return { ok: false, reason: (data['error-codes'] ?? ['unsuccessful']).join(',') };
  if (kind === 'v3' && data.action !== action) return { ok: false, reason: 'action-mismatch' };
  if (cfg.hostnames.length > 0 && !cfg.hostnames.includes(data.hostname ?? '')) {
    return { ok: false, reason: 'hostname-mismatch' };
  }
  if (kind === 'v3' && (typeof data.score !== 'number' || data.score < cfg.minScore)) {
    return { ok: false, reason: 'low-score', challenge: !!cfg.v2Secret };
  }
  const inserted = await db.insert(captchaTokens).values({ tokenHash: tokenHash(token) }).onConflictDoNothing().returning();
  if (inserted.length === 0) return { ok: false, reason: 'token-reused' };
  return { ok: true };
}
