import 'server-only';
import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
const ISSUER = 'Tilmen';

export const newTotpSecret = () => generateSecret({ length: 20 });

export const totpUri = (email: string, secret: string) => generateURI({ issuer: ISSUER, label: email, secret, period: TOTP_PERIOD_S });

/**
 * The time step a code matches, within ±1 step of now, and only if it is later than `afterStep`
 * (a code, once used, is refused again); null otherwise.
 */
export async function matchTotp(secret: string, code: string, afterStep: number, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOTP_PERIOD_S,
    afterTimeStep: afterStep > 0 ? afterStep : undefined,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The current code (tests and the e2e helper compute what an authenticator app would show). */
export const totpCode = (secret: string, now = Date.now()) => generate({ secret, epoch: Math.floor(now / 1000) });
