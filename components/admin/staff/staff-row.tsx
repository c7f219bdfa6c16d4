'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useLocale, useRouter } from '@/i18n/navigation';
import { STAFF_SCOPE_LIST, type Scope } from '@/lib/validations/staff-scopes';
import { fetchJson } from '@/lib/browser/api/fetch-json';
import { adminButtonClass, adminSecondaryButtonClass } from '../ui/form';
import { Badge, cellClass } from '../ui/table';
import { ConfirmDialog } from './confirm-dialog';

export type StaffStatus = 'active' | 'pending' | 'expired' | 'disabled';
export interface StaffRowData {
  id: number;
  name: string;
  email: string;
  scopes: Scope[];
  onDuty: boolean;
  status: StaffStatus;
  since: string;
  isMe: boolean;
}

const STATUS_TONE = { active: 'good', pending: 'info', expired: 'warn', disabled: 'bad' } as const;

/**
 * One member: rights (edited in place), status, duty (sales), and the actions that fit the status:
 * send the link again to someone not set up, disable or enable with a confirmation.
 */
export function StaffRow({ m }: { m: StaffRowData }) {
  const t = useTranslations('Admin');
  const locale = useLocale();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [scopes, setScopes] = useState<Scope[]>(m.scopes);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(call: () => Promise<unknown>, ok: string) {
    setBusy(true);
    setMessage(null);
    try {
      await call();
      setMessage({ ok: true, text: ok });
      router.refresh();
      return true;
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  const patch = (body: Record<string, unknown>) => fetchJson(`/api/admin/staff/${m.id}`, { method: 'PATCH', body, locale });

  async function saveScopes() {
    if (scopes.length === 0) return setMessage({ ok: false, text: t('staff.pickScope') });
    if (await run(() => patch({ scopes }), t('staff.scopesSaved', { name: m.name }))) setEditing(false);
  }
  const disabling = m.status !== 'disabled';

  let rights: ReactNode;
  if (editing) {
    rights = (
      <fieldset>
        <legend className="mb-1 text-xs font-medium text-muted">{t('staff.scopesOf', { name: m.name })}</legend>
        <div className="flex flex-col gap-1">
          {STAFF_SCOPE_LIST.map((s) => (
            <label key={s} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand"
                checked={scopes.includes(s)}
                onChange={(e) => setScopes((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))}
              />
              {t(`scopes.${s}`)}
            </label>
          ))}
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className={`${adminButtonClass} px-3 py-1.5`} disabled={busy} onClick={saveScopes}>
            {t('staff.saveScopes')}
          </button>
          <button
            type="button"
            className={`${adminSecondaryButtonClass} px-3 py-1.5`}
            onClick={() => {
              setEditing(false);
              setScopes(m.scopes);
            }}
          >
            {t('common.cancel')}
          </button>
        </div>
      </fieldset>
    );
  } else {
    rights = (
      <div className="flex flex-wrap items-center gap-1.5">
        {m.scopes.map((s) => (
          <Badge key={s} tone={s === 'admin' ? 'info' : 'neutral'}>
            {t(`scopes.${s}`)}
          </Badge>
        ))}
        <button type="button" className="text-xs text-brand-dark underline-offset-2 hover:underline" onClick={() => setEditing(true)} aria-label={`${t('staff.editScopes')}: ${m.name}`}>
          {t('staff.editScopes')}
        </button>
      </div>
    );
  }

  return (
    <tr data-testid={`staff-${m.email}`}>
      <td className={cellClass}>
        <span className="font-medium">{m.name}</span> {m.isMe && <Badge>{t('staff.you')}</Badge>}
        <span className="block text-xs text-muted">{m.email}</span>
      </td>
      <td className={cellClass}>{rights}</td>
      <td className={cellClass}>
        <Badge tone={STATUS_TONE[m.status]}>{t(`staff.${m.status}`)}</Badge>
        <span className="mt-1 block text-xs text-muted">{m.since}</span>
      </td>
      <td className={cellClass}>
        {m.scopes.includes('sales') ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand"
              checked={m.onDuty}
              disabled={busy}
              aria-label={t('staff.onDutyFor', { name: m.name })}
              onChange={(e) => void run(() => patch({ onDuty: e.target.checked }), t('common.saved'))}
            />
            <span aria-hidden="true">{t('staff.onDutyShort')}</span>
          </label>
        ) : (
          <span className="text-muted">{t('common.none')}</span>
        )}
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2">
          {(m.status === 'pending' || m.status === 'expired') && (
            <button
              type="button"
              className={`${adminSecondaryButtonClass} px-3 py-1.5`}
              disabled={busy}
              aria-label={`${t('staff.reinvite')}: ${m.name}`}
              onClick={() => void run(() => fetchJson(`/api/admin/staff/${m.id}/link`, { method: 'POST', body: {}, locale }), t('staff.reinvited', { email: m.email }))}
            >
              {t('staff.reinvite')}
            </button>
          )}
          {!m.isMe && (
            <button
              type="button"
              className={`${adminSecondaryButtonClass} px-3 py-1.5 ${disabling ? 'text-danger' : ''}`}
              disabled={busy}
              aria-label={`${t(disabling ? 'staff.disable' : 'staff.enable')}: ${m.name}`}
              onClick={() => setConfirming(true)}
            >
              {t(disabling ? 'staff.disable' : 'staff.enable')}
            </button>
          )}
        </div>
        <p role="status" aria-live="polite" className={`mt-1 text-xs ${message?.ok ? 'text-emerald-800' : 'text-danger'}`}>
          {message?.text}
        </p>
        <ConfirmDialog
          open={confirming}
          title={t('staff.confirmTitle')}
          text={t(disabling ? 'staff.disableConfirm' : 'staff.enableConfirm', { name: m.name })}
          confirm={t(disabling ? 'staff.disable' : 'staff.enable')}
          cancel={t('common.cancel')}
          danger={disabling}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run(() => patch({ disabled: disabling }), t(disabling ? 'staff.disabledDone' : 'staff.enabledDone', { name: m.name }));
          }}
        />
      </td>
    </tr>
  );
}
