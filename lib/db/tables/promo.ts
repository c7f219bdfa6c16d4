// ── Promo codes (issue: tariffs).
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const promoCodes = pgTable('promo_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  percentOff: integer('percent_off').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  maxUses: integer('max_uses'),
  usedCount: integer('used_count').notNull().default(0),
  plans: jsonb('plans').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  active: boolean('active').notNull().default(true),
  /** The marketing campaign the code belongs to (free text, for the back office's reports). */
  campaign: text('campaign'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});
