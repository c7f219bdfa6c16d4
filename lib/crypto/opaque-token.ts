import 'server-only';
// Opaque tokens (sessions, refresh tokens, links in mails, test attempts, invitations, booking holds):
// random bytes handed out once, only their hash stored, so a copy of the database holds nothing to
// present. The one helper every such token goes through. A purpose prefixes what is hashed where a
// table was written that way (`staff-link:`, `company-link:`, `company-session:`), so every stored
// token keeps working. A low-entropy secret (a recovery code, an IIN) takes lib/crypto/tokens.ts
// `keyedHash` instead: an unkeyed hash of it could be searched offline.
import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: `bytes` random bytes (256 bits unless said), base64url. */
export const opaqueToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** The stored form of a token: SHA-256, base64url, of `${purpose}:${token}` when a purpose is given. */
export const tokenHash = (token: string, purpose?: string): string =>
  createHash('sha256')
    .update(purpose === undefined ? token : `${purpose}:${token}`)
    .digest('base64url');

/** A new 256-bit token and its stored form. */
export function newOpaqueToken(purpose?: string): { token: string; hash: string } {
  const token = opaqueToken();
  return { token, hash: tokenHash(token, purpose) };
}
