// The back office's sections and the scopes that open them: the menu (app/[locale]/admin/(office)/layout.tsx),
// the member's first page (the dashboard sends a member without its scopes here) and the 403 page's way out.
// Each page still checks its scope itself (lib/staff/page.ts requireStaffPage).
import { hasScope, type Scope } from '@/lib/validations/staff-scopes';

export type SectionKey =
  | 'dashboard'
  | 'leads'
  | 'attribution'
  | 'applications'
  | 'profiles'
  | 'trials'
  | 'accounts'
  | 'companies'
  | 'tests'
  | 'promo'
  | 'groups'
  | 'payments'
  | 'refunds'
  | 'lessonMoney'
  | 'invoices'
  | 'payouts'
  | 'revenue'
  | 'reconciliation'
  | 'library'
  | 'staff'
  | 'audit';

export const STAFF_SECTIONS: readonly { key: SectionKey; path: string; scopes: Scope[] }[] = [
  { key: 'dashboard', path: '/admin', scopes: ['sales', 'reviewer'] },
  { key: 'leads', path: '/admin/leads', scopes: ['sales'] },
  { key: 'attribution', path: '/admin/attribution', scopes: ['sales'] },
  { key: 'applications', path: '/admin/applications', scopes: ['reviewer'] },
  { key: 'profiles', path: '/admin/profiles', scopes: ['reviewer'] },
  { key: 'trials', path: '/admin/trials', scopes: ['reviewer', 'sales'] },
  { key: 'accounts', path: '/admin/accounts', scopes: ['sales'] },
  { key: 'companies', path: '/admin/companies', scopes: ['sales'] },
  { key: 'tests', path: '/admin/tests', scopes: ['sales'] },
  { key: 'promo', path: '/admin/promo', scopes: ['sales'] },
  { key: 'groups', path: '/admin/groups', scopes: ['sales'] },
  { key: 'payments', path: '/admin/payments', scopes: ['finance'] },
  { key: 'refunds', path: '/admin/refunds', scopes: ['finance'] },
  { key: 'lessonMoney', path: '/admin/lesson-money', scopes: ['finance'] },
  { key: 'invoices', path: '/admin/invoices', scopes: ['finance'] },
  { key: 'payouts', path: '/admin/payouts', scopes: ['finance'] },
  { key: 'revenue', path: '/admin/revenue', scopes: ['finance'] },
  { key: 'reconciliation', path: '/admin/reconciliation', scopes: ['finance'] },
  { key: 'library', path: '/admin/library', scopes: ['methodologist'] },
  { key: 'staff', path: '/admin/staff', scopes: ['admin'] },
  { key: 'audit', path: '/admin/audit', scopes: ['admin'] },
];

/** The sections a member's scopes open, in the menu's order. */
export const sectionsFor = (scopes: readonly string[]) => STAFF_SECTIONS.filter((s) => hasScope(scopes as Scope[], s.scopes));

/** Where a member starts: the first section their scopes open (finance: payments), or the account page. */
export function staffHome(scopes: readonly string[]): { key: SectionKey | 'me'; path: string } {
  const first = sectionsFor(scopes)[0];
  return first ? { key: first.key, path: first.path } : { key: 'me', path: '/admin/me' };
}
