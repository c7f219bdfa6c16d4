import { useTranslations } from 'next-intl';
import { Badge } from '@/components/admin/ui/table';
import type { CallbackState } from '@/lib/crm/deadline';

/** "1 h 5 min", "25 min", "2 d 3 h": a span of minutes, short. */
export function useDuration() {
  const t = useTranslations('Admin.leads.duration');
  return (minutes: number) => {
    if (minutes < 60) return t('m', { m: minutes });
    if (minutes < 24 * 60) return t('hm', { h: Math.floor(minutes / 60), m: minutes % 60 });
    return t('dh', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) });
  };
}

/**
 * The one-hour promise of a callback at the moment the page was rendered: the deadline and the
 * time left, "overdue by…" once past, or whether the first call came in time.
 */
export function CallbackBadge({ state, dueAt, locale, timeZone }: { state: CallbackState | null; dueAt: Date | null; locale: string; timeZone: string }) {
  const t = useTranslations('Admin.leads.callback');
  const duration = useDuration();
  if (!state || !dueAt) return <span className="text-muted">—</span>;
  const sameDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(dueAt) === new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', ...(sameDay ? {} : { day: 'numeric', month: 'short' }) }).format(dueAt);
  switch (state.state) {
    case 'due':
      return (
        <span className="inline-flex flex-col gap-0.5">
          <Badge tone={state.minutes <= 15 ? 'warn' : 'info'}>{t('due', { left: duration(state.minutes) })}</Badge>
          <span className="text-xs text-muted">{t('until', { time })}</span>
        </span>
      );
    case 'overdue':
      return <Badge tone="bad">{t('overdue', { late: duration(state.minutes) })}</Badge>;
    case 'late':
      return <Badge tone="warn">{t('late', { late: duration(state.minutes) })}</Badge>;
    default:
      return <Badge tone="good">{t('inTime')}</Badge>;
  }
}
