'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/admin/ui/table';
import type { CallbackState } from '@/lib/leads/deadline';

/** "1 h 5 min", "25 min", "2 d 3 h": a span of minutes, short. */
export function useDuration() {
  const t = useTranslations('Admin.leads.duration');
  return (minutes: number) => {
    if (minutes < 60) return t('m', { m: minutes });
    if (minutes < 24 * 60) return t('hm', { h: Math.floor(minutes / 60), m: minutes % 60 });
    return t('dh', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) });
  };
}

/** A still-open callback's state now: minutes left, or overdue by. */
function openState(dueAt: Date, now: number): CallbackState {
  const left = dueAt.getTime() - now;
  return left > 0 ? { state: 'due', minutes: Math.ceil(left / 60_000) } : { state: 'overdue', minutes: Math.max(1, Math.floor(-left / 60_000)) };
}

/**
 * The one-hour promise of a callback: the deadline and the time left, "overdue by…" once past, or
 * whether the first call came in time. A callback still waiting for its call counts down on the
 * page (every 15 s), from the state the server rendered.
 */
export function CallbackBadge({ state: rendered, dueAt, locale, timeZone }: { state: CallbackState | null; dueAt: Date | null; locale: string; timeZone: string }) {
  const t = useTranslations('Admin.leads.callback');
  const duration = useDuration();
  const open = !!dueAt && (rendered?.state === 'due' || rendered?.state === 'overdue');
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!open) return;
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, 15_000);
    return () => window.clearInterval(timer);
  }, [open]);
  const state = open && now !== null ? openState(dueAt!, now) : rendered;
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
