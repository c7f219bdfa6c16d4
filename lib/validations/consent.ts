import { z } from 'zod';
import { CONSENT_VERSION } from '@/lib/consent';

/** The consent version sent with a personal-data submission: only the current one is accepted. */
export const consentField = z.literal(CONSENT_VERSION, { error: 'consent_required' });
