/**
 * The audit log's action names (lib/audit/log.ts `audit`), for the log's filter and its readable
 * names (messages Admin.auditActions.<action with "." as "_">). An action not listed still shows,
 * under its raw name.
 */
export const AUDIT_ACTIONS = [
  'lead.view',
  'lead.status',
  'lead.assign',
  'lead.note',
  'lead.export',
  'application.view',
  'application.start',
  'application.approve',
  'application.reject',
  'application.changes',
  'application.document_view',
  'account.view',
  'account.block',
  'account.unblock',
  'company.create',
  'company.update',
  'attempt.annul',
  'certificate.revoke',
  'promo.create',
  'promo.update',
  'staff.invite',
  'staff.update',
  'staff.disable',
  'staff.enable',
  'staff.reinvite',
  'staff.enrol',
  'staff.bootstrap',
  'staff.password',
  'staff.recovery',
  'retention.anonymise',
  'lead.list',
  'account.list',
  'attempt.list',
  'application.list',
  'company_user.list',
  'employee.list',
  'lesson.list',
  'lesson.attendance',
  'lesson.company',
  'lesson.minutes',
  'lesson.export',
  'invoice.create',
  'invoice.list',
  'invoice.pdf',
  'invoice.paid',
  'invoice.cancel',
  'pool.view',
  'pool.allocate',
  'pool.balances',
  'pool.invite',
  'document.act',
  'document.reconciliation',
  'staff.duty',
  'company.activate',
  'company.deactivate',
  'company.roster_only',
  'company_user.create',
  'company_user.disable',
  'company_user.enable',
  'company_user.link',
  'company_user.password',
  'company_user.totp_on',
  'company_user.totp_off',
  'company_user.password_change',
  'company_user.reset',
  'employee.create',
  'employee.update',
  'employee.delete',
  'roster.import',
  'invitation.send',
  'invitation.resend',
  'invitation.remind',
  'results.view',
  'results.export',
  'results.export_full_iin',
  'results.certificate',
  'results.certificates_zip',
  'results.placement_view',
  'tutor_profile.approve',
  'tutor_profile.reject',
  'payment.list',
  'payment.view',
  'payment.reconcile',
  'refund.list',
  'refund.approve',
  'refund.reject',
  'payment.revenue',
  'payout.view',
  'payout.approve',
  'payout.export',
  'payout.paid',
  'group.tutor',
  'group.create',
  'group.update',
  'group.open',
  'group.cancel',
  'group.merge',
  'group.seat_move',
  'group.lesson_cancel',
  'group.lesson_move',
  'group.enrol',
  'group.unenrol',
  'group.attendance',
  'library.create',
  'library.update',
  'library.unit_add',
  'library.unit_edit',
  'library.unit_order',
  'library.unit_archive',
  'library.submit',
  'library.publish',
  'library.import',
  'library.export',
  'library.audio',
  'library.image',
] as const;

/** Record types as the actions name them (the part before the dot). */
export const AUDIT_ENTITIES = ['lead', 'lesson', 'application', 'account', 'company', 'company_user', 'employee', 'roster', 'invitation', 'results', 'tutor_profile', 'attempt', 'certificate', 'promo', 'payment', 'refund', 'payout', 'invoice', 'pool', 'document', 'group', 'library', 'staff', 'retention'] as const;

export const auditActionKey = (action: string) => action.replace(/\./g, '_');

export interface AuditChange {
  key: string;
  before?: unknown;
  after?: unknown;
  kind: 'changed' | 'added' | 'removed';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys whose value differs between before and after (all of after for a new record, all of before for a removed one). */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const out: AuditChange[] = [];
  for (const key of keys) {
    const inBefore = !!before && key in before;
    const inAfter = !!after && key in after;
    if (inBefore && inAfter) {
      if (!same(before[key], after[key])) out.push({ key, before: before[key], after: after[key], kind: 'changed' });
    } else if (inAfter) out.push({ key, after: after![key], kind: 'added' });
    else out.push({ key, before: before![key], kind: 'removed' });
  }
  return out;
}
