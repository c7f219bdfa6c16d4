import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { AuditChanges } from '@/components/admin/audit/changes';
import { adminInputClass, FilterBar, FilterField, FilterInput } from '@/components/admin/ui/form';
import { PagedTable } from '@/components/admin/ui/paged-table';
import { Badge, cellClass, PageHeader } from '@/components/admin/ui/table';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionKey, auditChanges } from '@/lib/audit/actions';
import { listAudit } from '@/lib/audit/log';
import { getDb } from '@/lib/db/client';
import { listStaff } from '@/lib/staff/accounts';
import { requireStaffPage } from '@/lib/staff/page';
import { localePath } from '@/lib/seo';
import { auditQuery } from '@/lib/validations/staff';
import { intlLocale, SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

type Search = Record<string, string | string[] | undefined>;

/** The filters from the URL: empty fields are no filter, and a field that does not parse is dropped (and said so). */
function readFilters(search: Search) {
  const raw: Record<string, string> = {};
  for (const key of ['actor', 'action', 'entity', 'entityId', 'from', 'to', 'page']) {
    const v = search[key];
    const s = (Array.isArray(v) ? v[0] : v)?.trim();
    if (s) raw[key] = s;
  }
  let dropped = false;
  for (;;) {
    const parsed = auditQuery.safeParse(raw);
    if (parsed.success) return { q: parsed.data, raw, dropped };
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    dropped = true;
  }
}

/** The audit log (admins): who did what to which record, newest first; nobody can change it. */
export default async function AuditPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireStaffPage(locale, 'admin', '/admin/audit');
  const t = await getTranslations('Admin');
  const { q, raw, dropped } = readFilters(await searchParams);
  const db = await getDb();
  const [log, members] = await Promise.all([
    listAudit(db, { actorId: q.actor, actorKind: q.actorKind, action: q.action, entity: q.entity, entityId: q.entityId, from: q.from, to: q.to, page: q.page, pageSize: q.pageSize }),
    listStaff(db),
  ]);
  const when = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'short', timeStyle: 'medium', timeZone: SCHOOL_FIXED_ZONE });
  const actionName = (a: string) => (t.has(`auditActions.${auditActionKey(a)}` as never) ? t(`auditActions.${auditActionKey(a)}` as never) : a);
  const entityName = (e: string) => (t.has(`audit.entities.${e}` as never) ? t(`audit.entities.${e}` as never) : e);
  const groups = AUDIT_ENTITIES.map((e) => ({ entity: e, actions: AUDIT_ACTIONS.filter((a) => a.startsWith(`${e}.`)) }));
  const knownAction = !raw.action || AUDIT_ACTIONS.includes(raw.action as never) || AUDIT_ENTITIES.some((e) => raw.action === `${e}.`);
  const path = localePath(locale, '/admin/audit');
  const changeLabels = { yes: t('common.yes'), no: t('common.no'), none: t('common.none'), added: t('audit.added'), removed: t('audit.removed') };

  return (
    <>
      <PageHeader title={t('audit.title')} lead={t('audit.lead')} />
      <FilterBar action={path} labels={{ apply: t('common.apply'), reset: t('common.reset'), title: t('audit.filters') }}>
        <FilterField id="audit-actor" label={t('audit.who')}>
          <select id="audit-actor" name="actor" defaultValue={raw.actor ?? ''} className={adminInputClass}>
            <option value="">{t('audit.anyone')}</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="audit-action" label={t('audit.what')} wide>
          <select id="audit-action" name="action" defaultValue={raw.action ?? ''} className={adminInputClass}>
            <option value="">{t('audit.anyAction')}</option>
            {!knownAction && <option value={raw.action}>{raw.action}</option>}
            {groups.map((g) => (
              <optgroup key={g.entity} label={entityName(g.entity)}>
                <option value={`${g.entity}.`}>{t('audit.allOf', { group: entityName(g.entity) })}</option>
                {g.actions.map((a) => (
                  <option key={a} value={a}>
                    {actionName(a)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FilterField>
        <FilterField id="audit-entity" label={t('audit.entity')}>
          <input id="audit-entity" name="entity" list="audit-entities" defaultValue={raw.entity ?? ''} className={adminInputClass} autoComplete="off" />
          <datalist id="audit-entities">
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {entityName(e)}
              </option>
            ))}
          </datalist>
        </FilterField>
        <FilterField id="audit-entity-id" label={t('audit.entityId')}>
          <input id="audit-entity-id" name="entityId" defaultValue={raw.entityId ?? ''} className={adminInputClass} autoComplete="off" />
        </FilterField>
        <FilterInput id="audit-from" name="from" type="date" label={t('common.from')} value={raw.from} />
        <FilterInput id="audit-to" name="to" type="date" label={t('common.to')} value={raw.to} />
      </FilterBar>
      {dropped && (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('audit.badFilter')}
        </p>
      )}
      <PagedTable
        caption={t('audit.caption')}
        head={[t('audit.when'), t('audit.who'), t('audit.what'), t('audit.record'), t('audit.change'), t('audit.ip')]}
        shown={log.rows.length}
        empty={t('audit.empty')}
        pages={{ path, params: { actor: raw.actor, action: raw.action, entity: raw.entity, entityId: raw.entityId, from: raw.from, to: raw.to }, at: log, total: log.total }}
      >
        {log.rows.map((r) => (
          <tr key={r.id}>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={r.createdAt.toISOString()}>{when.format(r.createdAt)}</time>
            </td>
            <td className={cellClass}>
              {r.actorKind === 'system' ? <Badge>{t('audit.system')}</Badge> : r.actorKind === 'company' ? <Badge tone="info">{t('audit.companyActor')}</Badge> : null}{' '}
              <span className="break-all">{r.actorLabel ?? t('common.none')}</span>
            </td>
            <td className={cellClass}>
              {actionName(r.action)}
              <code className="block text-xs text-muted">{r.action}</code>
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>
              {entityName(r.entity)}
              {r.entityId && <span className="text-muted"> #{r.entityId}</span>}
            </td>
            <td className={`${cellClass} max-w-md`}>
              <AuditChanges changes={auditChanges(r.before, r.after)} labels={changeLabels} />
            </td>
            <td className={cellClass}>
              <code className="text-xs text-muted" title={r.ipHash ?? undefined}>
                {r.ipHash ? r.ipHash.slice(0, 10) : t('common.none')}
              </code>
            </td>
          </tr>
        ))}
      </PagedTable>
      <p className="mt-4 text-xs text-muted">{t('audit.readOnly')}</p>
    </>
  );
}
