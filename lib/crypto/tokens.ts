import 'server-only';
import { createHmac } from 'node:crypto';
import { appSecret } from '@/lib/env';

/**
 * A secret's stored form, keyed with the application secret and named by purpose: a copy of the
 * database alone cannot be searched offline for the secrets it keeps (L6), and one purpose's hash
 * never matches another's.
 */
export function keyedHash(purpose: string, value: string, secret = appSecret()): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('base64url');
}
