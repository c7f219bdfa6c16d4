import { useTranslations } from 'next-intl';
import { intlLocale } from '@/lib/time/school-clock';
import type { LeadStatus } from '@/lib/validations/lead-pipeline';

export interface LeadEvent {
  id: number;
  type: 'status' | 'assign' | 'note';
  from: string | null;
  to: string | null;
  note: string | null;
  at: Date;
  staffName: string | null;
}

/** The lead's history, oldest first: when it came in, then every move, assignment and note, with who and when. */
export function LeadHistory({ events, createdAt, locale, timeZone }: { events: LeadEvent[]; createdAt: Date; locale: string; timeZone: string }) {
  const t = useTranslations('Admin.leads');
  const when = new Intl.DateTimeFormat(intlLocale(locale), { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const status = (s: string | null) => (s && t.has(`statuses.${s}` as never) ? t(`statuses.${s as LeadStatus}`) : (s ?? '—'));
  const reason = (r: string | null) => (r && t.has(`lostReasons.${r}` as never) ? t(`lostReasons.${r}` as never) : r);
  const text = (e: LeadEvent) => {
    if (e.type === 'status') return e.to === 'lost' && e.note ? t('events.statusLost', { from: status(e.from), to: status(e.to), reason: reason(e.note) ?? '' }) : t('events.status', { from: status(e.from), to: status(e.to) });
    if (e.type === 'assign') return e.to ? t('events.assign', { name: e.to }) : t('events.unassign');
    return t('events.note');
  };
  return (
    <ol className="grid gap-3" data-testid="lead-history">
      <li className="border-l-2 border-line pl-3 text-sm">
        <p>{t('events.created')}</p>
        <p className="text-xs text-muted">
          <time dateTime={createdAt.toISOString()}>{when.format(createdAt)}</time>
        </p>
      </li>
      {events.map((e) => (
        <li key={e.id} className="border-l-2 border-brand/40 pl-3 text-sm">
          <p className="font-medium">{text(e)}</p>
          {e.type === 'note' && e.note && <p className="mt-1 whitespace-pre-wrap break-words">{e.note}</p>}
          <p className="text-xs text-muted">
            {e.staffName ?? t('system')} · <time dateTime={e.at.toISOString()}>{when.format(e.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
