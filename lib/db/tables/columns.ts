// Column helpers the tables share (lib/db/schema.ts is the one surface of the tables).
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Consent to the processing of personal data: which text (lib/consent.ts CONSENT_VERSION) and when. */
export const consent = () => ({
  consentVersion: text('consent_version'),
  consentAt: timestamp('consent_at', { withTimezone: true }),
});

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});
