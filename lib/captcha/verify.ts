import { createHash } from 'node:crypto';
import { captchaTokens } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

export interface CaptchaConfig {
  secret?: string;
  verifyUrl: string;
  minScore: number;
  hostnames: string[];
}

/** `outage`: Google could not be asked; callers decide whether to fail open (never lose a lead). */
export type CaptchaResult = { ok: true; skipped?: boolean } | { ok: false; reason: string; outage?: boolean };

/**
 * reCAPTCHA v3 on the server: success, expected action and hostname, score at or above the
 * minimum, and each token accepted once. Off (always ok) when no secret is configured.
 */
export async function verifyCaptcha(
  db: Db,
  cfg: CaptchaConfig,
  token: string | undefined,
  action: string,
  remoteIp?: string,
): Promise<CaptchaResult> {
  if (!cfg.secret) return { ok: true, skipped: true };
  if (!token || token.length > 4096) return { ok: false, reason: 'missing-token' };
  const body = new URLSearchParams({ secret: cfg.secret, response: token });
  if (remoteIp && remoteIp !== 'unknown') body.set('remoteip', remoteIp);
  let data: { success?: boolean; score?: number; action?: string; hostname?: string; 'error-codes'?: string[] };
  try {
    const res = await fetch(cfg.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return { ok: false, reason: `verify-http-${res.status}`, outage: true };
    data = (await res.json()) as typeof data;
  } catch {
    return { ok: false, reason: 'verify-unreachable', outage: true };
  }
  if (!data.success) return { ok: false, reason: (data['error-codes'] ?? ['unsuccessful']).join(',') };
  if (data.action !== action) return { ok: false, reason: 'action-mismatch' };
  if (cfg.hostnames.length > 0 && !cfg.hostnames.includes(data.hostname ?? '')) {
    return { ok: false, reason: 'hostname-mismatch' };
  }
  if (typeof data.score !== 'number' || data.score < cfg.minScore) return { ok: false, reason: 'low-score' };
  const tokenHash = createHash('sha256').update(token).digest('base64url');
  const inserted = await db.insert(captchaTokens).values({ tokenHash }).onConflictDoNothing().returning();
  if (inserted.length === 0) return { ok: false, reason: 'token-reused' };
  return { ok: true };
}
