'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { weekdayName } from '@/components/booking/slot-times';
import { useApiGet } from '@/lib/browser/api/use-api-get';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { followSse } from '@/lib/browser/sse';
import { ChatThread } from './thread';
import { useTitleCount } from './title-count';
import { loadApi, type ChatDuty, type ChatQuestion, type ChatSubject, type Weekly } from './types';

const card = 'rounded-2xl border border-line bg-white p-5';
const primary = 'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand disabled:opacity-60';
const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
/** The half hours of a day, "00:00" … "24:00", as minutes. */
const HALF_HOURS = Array.from({ length: 49 }, (_, i) => i * 30);
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The tutor's duty, loaded: its form starts from what was saved. */
function DutyEditor({ onSaved }: { onSaved: () => void }) {
  const t = useTranslations('ChatHelp');
  const { data, failed } = useApiGet<{ duty: ChatDuty | null }>('/api/chat-help/duty');
  if (failed && !data) return <p role="alert" className="text-danger">{t('loadFailed')}</p>;
  if (!data) return null;
  return <DutyForm saved={data.duty} onSaved={onSaved} />;
}

/** The tutor's duty: the subjects, one range a day in the school's time, on or off. */
function DutyForm({ saved, onSaved }: { saved: ChatDuty | null; onSaved: () => void }) {
  const t = useTranslations('ChatHelp');
  const locale = useLocale();
  const [subjects, setSubjects] = useState<ChatSubject[]>(saved?.subjects ?? ['english']);
  const [days, setDays] = useState<Record<string, [number, number] | null>>(() => Object.fromEntries(DAYS.map((d) => [d, saved?.weekly[d]?.[0] ?? null])));
  const [active, setActive] = useState(saved?.active ?? true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setStatus(null);
    const weekly: Weekly = Object.fromEntries(DAYS.filter((d) => days[d]).map((d) => [d, [days[d]!]]));
    try {
      await (await loadApi()).put('/api/chat-help/duty', { subjects, weekly, active });
      setStatus({ ok: true, text: t('dutySaved') });
      onSaved();
    } catch (err) {
      const body = apiErrorBody(err);
      setStatus({ ok: false, text: body?.fields ? Object.values(body.fields)[0]! : (body?.message ?? t('failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="chat-duty" className={card} data-testid="chat-duty">
      <h2 id="chat-duty" className="text-xl font-bold">
        {t('dutyTitle')}
      </h2>
      <p className="mt-2 text-sm text-muted">{t('dutyText')}</p>
      <form onSubmit={(e) => void save(e)} className="mt-4 flex flex-col gap-4">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">{t('dutySubjects')}</legend>
          {(['english', 'kazakh'] as const).map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" checked={subjects.includes(s)} onChange={(e) => setSubjects((x) => (e.target.checked ? [...x, s] : x.filter((y) => y !== s)))} className="size-5" />
              {t(`subjects.${s}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('dutyHours')}</legend>
          {DAYS.map((d) => {
            const range = days[d] ?? null;
            return (
              <div key={d} className="flex flex-wrap items-center gap-2">
                <label className="flex min-h-11 w-40 items-center gap-2">
                  <input type="checkbox" checked={!!range} onChange={(e) => setDays((x) => ({ ...x, [d]: e.target.checked ? [18 * 60, 21 * 60] : null }))} className="size-5" data-testid={`duty-day-${d}`} />
                  {weekdayName(Number(d), locale)}
                </label>
                {range && (
                  <>
                    <label className="sr-only" htmlFor={`duty-from-${d}`}>{t('from')}</label>
                    <select id={`duty-from-${d}`} value={range[0]} onChange={(e) => setDays((x) => ({ ...x, [d]: [Number(e.target.value), range[1]] }))} className="min-h-11 rounded-lg border border-line px-2">
                      {HALF_HOURS.slice(0, -1).map((m) => (
                        <option key={m} value={m}>{hhmm(m)}</option>
                      ))}
                    </select>
                    <span aria-hidden="true">–</span>
                    <label className="sr-only" htmlFor={`duty-to-${d}`}>{t('to')}</label>
                    <select id={`duty-to-${d}`} value={range[1]} onChange={(e) => setDays((x) => ({ ...x, [d]: [range[0], Number(e.target.value)] }))} className="min-h-11 rounded-lg border border-line px-2">
                      {HALF_HOURS.slice(1).map((m) => (
                        <option key={m} value={m}>{hhmm(m)}</option>
                      ))}
                    </select>
                  </>
                )}
              </div>
            );
          })}
          <p className="text-xs text-muted">{t('dutyZone')}</p>
        </fieldset>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-5" data-testid="duty-active" />
          {t('dutyActive')}
        </label>
        <button type="submit" disabled={busy} className={primary} data-testid="duty-save">
          {t('dutySave')}
        </button>
        <div role="status" aria-live="polite">
          {status && <p className={status.ok ? 'font-medium text-[#0b5e4c]' : 'text-danger'}>{status.text}</p>}
        </div>
      </form>
    </section>
  );
}

type TutorData = { onDuty: ChatSubject[]; queue: ChatQuestion[]; mine: ChatQuestion[] };

/**
 * The tutor's chat help: their duty, the open questions they may take while on duty, their own
 * questions. While the lists are shown they follow the queue's event stream (lib/chat-help/stream.ts
 * tutorQueueStream): a question asked, taken or closed arrives as it happens.
 */
export function TutorChat() {
  const t = useTranslations('ChatHelp');
  const locale = useLocale();
  const [data, setData] = useState<TutorData | null>(null);
  const [failed, setFailed] = useState(false);
  const [down, setDown] = useState(false);
  const [elsewhere, setElsewhere] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const load = useCallback(async () => {
    try {
      setData((await (await loadApi()).get<TutorData>('/api/chat-help/tutor')).data);
      setFailed(false);
    } catch (err) {
      setFailed(true);
      throw err;
    }
  }, []);
  const reload = () => void load().catch(() => {});
  // The stream brings the lists, first and at every change (the session's token renewed before a
  // connection when it is about to end); an open question's page has its own stream instead.
  useEffect(() => {
    if (openId !== null) return;
    let heard = false;
    return followSse({
      url: '/api/chat-help/tutor/events',
      renew: async () => (await loadApi()).renewToken(),
      locale,
      lastId: () => null,
      onFrame: (f) => {
        if (f.event !== 'queue') return;
        heard = true;
        setData(JSON.parse(f.data) as TutorData);
        setFailed(false);
      },
      // `superseded`: the page is open in more tabs than the server keeps streams for.
      finalEvents: { end: 'closed', superseded: 'elsewhere' },
      // A 401 is answered by renewing the token once (lib/browser/sse.ts); the session's end closes it.
      finalStatuses: [403],
      // Down before the first answer: the page says it could not load (and keeps trying).
      onReconnecting: (isDown) => {
        setDown(isDown);
        if (isDown && !heard) setFailed(true);
      },
      onClosed: (reason) => (reason.code === 'elsewhere' ? setElsewhere(true) : setFailed(true)),
    });
  }, [openId, locale]);
  // A question that came since the page opened is announced, and the tab's title counts the waiting ones.
  const seen = useRef<Set<number> | null>(null);
  const [fresh, setFresh] = useState(0);
  const queue = data?.queue;
  useEffect(() => {
    if (!queue) return;
    const ids = queue.map((q) => q.id);
    if (seen.current) {
      const added = ids.filter((id) => !seen.current!.has(id)).length;
      if (added) setFresh((n) => n + added);
    }
    seen.current = new Set([...(seen.current ?? []), ...ids]);
  }, [queue]);
  const waiting = queue?.length ?? 0;
  const [unread, setUnread] = useState(0);
  useTitleCount(waiting + unread);

  if (openId !== null) return <ChatThread key={openId} id={openId} onChanged={reload} onBack={() => (setOpenId(null), reload())} onUnread={setUnread} />;
  const list = (qs: ChatQuestion[], testId: string) => (
    <ul className="mt-3 flex flex-col divide-y divide-line" data-testid={testId}>
      {qs.map((q) => (
        <li key={q.id}>
          <button type="button" onClick={() => (setOpenId(q.id), setFresh(0))} className="flex min-h-11 w-full flex-col items-start gap-1 py-3 text-left">
            <span className="font-medium text-brand-dark underline-offset-2 hover:underline">{q.preview || t('photoOnly')}</span>
            <span className="text-sm text-muted">
              {t(`subjects.${q.subject}`)} · {t('askedBy', { name: q.student })}
              {q.status === 'closed' ? ` · ${t('closed')}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="chat-queue" className={card}>
        <h2 id="chat-queue" className="text-xl font-bold">
          {t('queueTitle')}
        </h2>
        {failed && !data ? <p role="alert" className="mt-2 text-danger">{t('loadFailed')}</p> : null}
        {down ? <p role="status" className="mt-2 text-sm text-muted">{t('reconnecting')}</p> : null}
        {elsewhere ? <p role="alert" className="mt-2 text-sm text-danger">{t('elsewhere')}</p> : null}
        {!data ? null : data.onDuty.length === 0 ? (
          <p className="mt-2 text-muted" data-testid="chat-off-duty">{t('offDuty')}</p>
        ) : (
          <>
            <p className="mt-2 text-sm font-medium" data-testid="chat-on-duty">{t('onDuty', { subjects: data.onDuty.map((s) => t(`subjects.${s}`)).join(', ') })}</p>
            <p role="status" className="mt-2 text-sm font-semibold text-brand-dark" data-testid="chat-new-questions">
              {fresh ? t('newQuestions', { count: fresh }) : ''}
            </p>
            {data.queue.length === 0 ? <p className="mt-2 text-muted">{t('queueEmpty')}</p> : list(data.queue, 'chat-queue')}
          </>
        )}
      </section>
      <section aria-labelledby="chat-mine" className={card}>
        <h2 id="chat-mine" className="text-xl font-bold">
          {t('mineTitle')}
        </h2>
        {data && (data.mine.length === 0 ? <p className="mt-2 text-muted">{t('mineEmpty')}</p> : list(data.mine, 'chat-mine'))}
        <p className="mt-3 text-xs text-muted">{t('tutorRule')}</p>
      </section>
      <DutyEditor onSaved={reload} />
    </div>
  );
}
