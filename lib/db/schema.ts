// The database's tables: the one surface drizzle-kit reads (drizzle.config.ts) and every import
// names (`@/lib/db/schema`). The tables live by domain in ./tables/; a new table goes into its
// domain's file and is exported here once. Relative paths only, in ./tables/ too: drizzle-kit loads
// these files in plain Node, without the `@/` alias or the server-only marker.
export * from './tables/platform';
export * from './tables/staff';
export * from './tables/leads';
export * from './tables/promo';
export * from './tables/accounts';
export * from './tables/companies';
export * from './tables/tests';
export * from './tables/marketplace';
export * from './tables/lesson-room';
export * from './tables/payments';
export * from './tables/company-pools';
export * from './tables/groups';
export * from './tables/library';
export * from './tables/words';
export * from './tables/chat-help';
