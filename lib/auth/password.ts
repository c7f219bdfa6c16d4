import 'server-only';
import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, m=19456 KiB, t=2, p=1. Stored as a PHC string; rehashed on login when these change.
export const ARGON2 = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

export function needsRehash(phc: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  return !m || Number(m[1]) !== ARGON2.memoryCost || Number(m[2]) !== ARGON2.timeCost || Number(m[3]) !== ARGON2.parallelism;
}

// A verify against this keeps the time of a login for an unknown account like that of a known one.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('dummy-password-for-timing-0');
  return dummy;
}
