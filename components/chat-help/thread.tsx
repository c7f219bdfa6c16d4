'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { clock, dayKey, dayLabel, SCHOOL_ZONE } from '@/components/booking/slot-times';
import { followSse } from '@/lib/browser/sse';
import { CHAT_BLOCK_MINUTES } from '@/lib/chat-help/rules';
import { loadApi, type ChatMessage, type ChatThreadData } from './types';

/** The bytes as a data: address (the page's policy lets images come from data:, not blob:). */
const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** A photo of the thread, fetched with the session (an <img> cannot send it) and shown from its bytes. */
function Photo({ src, alt }: { src: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadApi()
      .then((api) => api.get<Blob>(src, { responseType: 'blob' }))
      .then((res) => dataUrl(res.data))
      .then((made) => live && setUrl(made))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [src]);
  if (!url) return <span className="block h-40 w-full max-w-xs animate-pulse rounded-lg bg-brand-tint" aria-hidden="true" />;
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img src={url} alt={alt} className="mt-1 max-h-96 max-w-full rounded-lg border border-line object-contain" />
  );
}

/**
 * One question's conversation: its messages (the question's event stream, lib/chat-help/stream.ts:
 * a new message, a take or a close arrives as it is stored), the composer (text and a photo of
 * homework) for the question's two, "close"; a tutor on duty who has not taken it yet sees "take"
 * instead. The student sees the minutes left; each tutor reply shows what it cost.
 */
export function ChatThread({ id, onChanged, onBack, onUnread }: { id: number; onChanged: () => void; onBack: () => void; onUnread?: (count: number) => void }) {
  const t = useTranslations('ChatHelp');
  const locale = useLocale();
  const [data, setData] = useState<ChatThreadData | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [failed, setFailed] = useState(false);
  const [down, setDown] = useState(false);
  const [gone, setGone] = useState(false);
  const [elsewhere, setElsewhere] = useState(false);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const last = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const status = useRef<string | null>(null);
  const side = useRef<ChatThreadData['side'] | null>(null);
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);

  const [unread, setUnread] = useState(0);
  const add = useCallback((fresh: ChatMessage[]) => {
    if (!fresh.length) return;
    const before = last.current;
    last.current = Math.max(last.current, ...fresh.map((m) => m.id));
    setMessages((m) => [...m, ...fresh.filter((x) => !m.some((y) => y.id === x.id))]);
    // The other side's new messages while the page is behind another tab: counted in the tab's title.
    const mine = side.current === 'student' ? 'student' : 'tutor';
    const theirs = fresh.filter((m) => m.id > before && m.side !== mine).length;
    if (theirs && before > 0 && document.visibilityState === 'hidden') setUnread((n) => n + theirs);
  }, []);
  useEffect(() => {
    const seen = () => document.visibilityState === 'visible' && setUnread(0);
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);
  // The page that shows the thread puts the count in the tab's title (useTitleCount): one owner of it.
  const told = useRef(onUnread);
  useEffect(() => {
    told.current = onUnread;
  }, [onUnread]);
  useEffect(() => {
    told.current?.(unread);
  }, [unread]);
  useEffect(() => () => told.current?.(0), []);

  // One thread per mount (the lists render it with key={id}): the messages only grow. The stream
  // alone brings them: the question first, then every message after the last one the page has
  // (the session's token renewed before a connection when it is about to end).
  useEffect(() => {
    const stop = followSse({
      url: `/api/chat-help/questions/${id}/events`,
      renew: async () => (await loadApi()).renewToken(),
      locale,
      lastId: () => String(last.current),
      onFrame(f) {
        if (f.event === 'question') {
          const next = JSON.parse(f.data) as Omit<ChatThreadData, 'messages'>;
          // Taken or closed: the page's lists change too.
          if (status.current !== null && status.current !== next.question.status) changed.current();
          status.current = next.question.status;
          side.current = next.side;
          setData({ ...next, messages: [] });
          setFailed(false);
        } else if (f.event === 'message') {
          add([JSON.parse(f.data) as ChatMessage]);
        }
      },
      // A closed question's stream ends after saying so; `gone`: another tutor took it (or the duty's
      // hours ended); `superseded`: the same person opened it in more tabs than the server keeps.
      finalEvents: { end: 'closed', gone: 'gone', superseded: 'elsewhere' },
      finalStatuses: [403, 404],
      // Down before the first answer: the page says it could not load (and keeps trying).
      onReconnecting: (isDown) => {
        setDown(isDown);
        if (isDown && status.current === null) setFailed(true);
      },
      onClosed: (reason) => {
        setDown(false);
        // A tutor who was reading an open question before taking it: another took it.
        if (reason.code === 'gone' || (reason.status === 404 && side.current === 'candidate')) {
          setGone(true);
          changed.current();
        } else if (reason.code === 'elsewhere') setElsewhere(true);
        else if (reason.status !== 409) setFailed(true);
      },
    });
    return stop;
  }, [id, locale, add]);

  async function act(run: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await run();
      onChanged();
    } catch (err) {
      setError(apiErrorBody(err)?.message ?? t('failed'));
    } finally {
      setBusy(false);
    }
  }

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim() && !file) {
      setError(t('empty'));
      return;
    }
    await act(async () => {
      const api = await loadApi();
      let photo: string | undefined;
      if (file) photo = (await api.post<{ photo: string }>('/api/chat-help/photos', file, { headers: { 'Content-Type': file.type || 'application/octet-stream' } })).data.photo;
      await api.post(`/api/chat-help/questions/${id}/messages`, { body: text, ...(photo ? { photo } : {}) });
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    });
  }

  if (gone) return <p role="alert" className="text-danger" data-testid="chat-gone">{t('gone')}</p>;
  if (failed && !data) return <p role="alert" className="text-danger">{t('loadFailed')}</p>;
  if (!data) return <p role="status" className="text-muted">{t('loading')}</p>;
  const q = data.question;
  const mine = (m: ChatMessage) => (data.side === 'tutor' ? m.side === 'tutor' : m.side === 'student');
  const open = q.status !== 'closed';
  return (
    <section aria-labelledby={`chat-q-${id}`} className="rounded-2xl border border-line bg-white p-4" data-testid="chat-thread">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`chat-q-${id}`} className="text-lg font-semibold">
            {t('questionTitle', { id: q.id, subject: t(`subjects.${q.subject}`) })}
          </h2>
          <p className="text-sm text-muted" data-testid="chat-who">
            {q.status === 'open' ? t('waitingTutor') : data.side === 'student' ? t('answeredBy', { name: q.tutor ?? '' }) : t('askedBy', { name: q.student })}
            {q.status === 'closed' ? ` · ${t('closed')}` : ''}
          </p>
          {data.timeLeft && (
            <p className="text-sm font-medium" data-testid="chat-time-left">
              {t('timeLeft', { minutes: data.timeLeft.minutes })}
            </p>
          )}
        </div>
        <button type="button" onClick={onBack} className="min-h-11 rounded-lg px-3 text-sm font-medium text-brand-dark underline">
          {t('back')}
        </button>
      </div>
      <ol className="mt-4 flex flex-col gap-3" aria-live="polite" data-testid="chat-messages">
        {messages.map((m) => (
          <li key={m.id} className={`max-w-[85%] rounded-2xl px-4 py-2 ${mine(m) ? 'self-end bg-brand-tint' : 'self-start border border-line'}`}>
            <p className="text-xs text-muted">
              {m.side === 'tutor' ? t('tutorSide') : t('studentSide')} · <time dateTime={m.at}>{`${dayLabel(dayKey(m.at, SCHOOL_ZONE), locale)}, ${clock(m.at, SCHOOL_ZONE)}`}</time>
              {m.side === 'tutor' && m.blocks > 0 ? ` · ${t('cost', { minutes: m.blocks * CHAT_BLOCK_MINUTES })}` : ''}
            </p>
            {m.body && <p className="whitespace-pre-wrap break-words">{m.body}</p>}
            {m.photo && <Photo src={m.photo} alt={t('photoAlt')} />}
          </li>
        ))}
      </ol>
      <div role="status" aria-live="polite" className="mt-3">
        {down && <p className="text-muted">{t('reconnecting')}</p>}
        {elsewhere && <p className="text-danger" data-testid="chat-elsewhere">{t('elsewhere')}</p>}
        {error && <p className="text-danger">{error}</p>}
      </div>
      {data.side === 'candidate' && open ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void act(async () => (await loadApi()).post(`/api/chat-help/questions/${id}/take`, {}))}
          className="mt-4 min-h-11 w-full rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white disabled:opacity-60"
          data-testid="chat-take"
        >
          {t('take')}
        </button>
      ) : open ? (
        <form onSubmit={(e) => void send(e)} className="mt-4 flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('message')}
            <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={4000} className="rounded-lg border border-line p-3 text-base font-normal" data-testid="chat-text" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t(data.side === 'student' ? 'photo' : 'photoReply')}
            <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" data-testid="chat-photo" />
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} className="min-h-11 rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white disabled:opacity-60" data-testid="chat-send">
              {busy ? t('sending') : t('send')}
            </button>
            <button type="button" disabled={busy} onClick={() => void act(async () => (await loadApi()).post(`/api/chat-help/questions/${id}/close`, {}))} className="min-h-11 rounded-lg border border-line px-4 py-2 font-medium disabled:opacity-60" data-testid="chat-close">
              {t('close')}
            </button>
          </div>
          {data.side === 'tutor' && <p className="text-xs text-muted">{t('tutorRule')}</p>}
        </form>
      ) : null}
    </section>
  );
}
