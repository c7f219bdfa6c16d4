/** Staff scopes (design.md "Roles and scopes"): plain data, safe for pages and components. */
export const STAFF_SCOPE_LIST = ['admin', 'sales', 'reviewer', 'export', 'finance', 'methodologist'] as const;
export type Scope = (typeof STAFF_SCOPE_LIST)[number];

/** What a scope may do beyond its own rooms: `admin` reads and changes everything. */
export function hasScope(scopes: readonly string[], needed: Scope | readonly Scope[]): boolean {
  if (scopes.includes('admin')) return true;
  const any = typeof needed === 'string' ? [needed] : needed;
  return any.some((s) => scopes.includes(s));
}

/**
 * Exporting personal data (the lead lists as files) is a permission of its own: a seller may work
 * leads without it. Admins have it; anyone else needs `export`, given by an admin.
 */
export const EXPORT_SCOPES: readonly Scope[] = ['export'];

/** Money (issue 24): payments and their provider status, refunds the rules leave to people, the payout register, revenue, reconciliation. */
export const FINANCE_SCOPES: readonly Scope[] = ['finance'];

/** The course library (issue 34): writing, reviewing and publishing courses, importing and exporting them. */
export const METHODOLOGIST_SCOPES: readonly Scope[] = ['methodologist'];
