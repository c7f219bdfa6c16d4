'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { roomButton } from './types';
import { intlLocale, SCHOOL_FIXED_ZONE } from '@/lib/time/school-clock';

export interface ChatLine {
  seq: number;
  mine: boolean;
  text: string;
  at: string;
}

const URL_RE = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** A chat line with its http(s) addresses as links (opened apart, without the room as referrer). */
export function withLinks(text: string, linkClass = 'break-all text-sky-300 underline'): ReactNode[] {
  return text.split(URL_RE).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export function ChatPanel({ lines, send }: { lines: ChatLine[]; send: (text: string) => Promise<void> }) {
  const t = useTranslations('Room');
  const locale = useLocale();
  const inputId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const end = useRef<HTMLLIElement>(null);
  const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: '2-digit', minute: '2-digit', timeZone: SCHOOL_FIXED_ZONE });

  useEffect(() => {
    // A block body: scrollIntoView returns a promise in newer browsers, which React would take for a clean-up.
    void end.current?.scrollIntoView({ block: 'nearest' });
  }, [lines.length]);

  const submit = async () => {
    const value = text.trim();
    if (!value) return;
    setBusy(true);
    setFailed(false);
    try {
      await send(value);
      setText('');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-1 flex-col gap-2">
      <ol className="flex max-h-[50dvh] min-h-32 flex-1 flex-col gap-2 overflow-y-auto" aria-live="polite" data-testid="chat-lines">
        {lines.length === 0 ? <li className="text-sm text-slate-400">{t('chat.empty')}</li> : null}
        {lines.map((l) => (
          <li key={l.seq} className={`max-w-[90%] rounded-lg px-3 py-2 text-sm ${l.mine ? 'self-end bg-sky-900' : 'self-start bg-slate-800'}`}>
            <p className="whitespace-pre-wrap break-words">{withLinks(l.text)}</p>
            <p className="mt-1 text-xs text-slate-300">
              {l.mine ? `${t('chat.you')} · ` : ''}
              <time dateTime={l.at}>{time.format(new Date(l.at))}</time>
            </p>
          </li>
        ))}
        <li ref={end} aria-hidden />
      </ol>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('chat.label')}
        </label>
        <input id={inputId} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} placeholder={t('chat.label')} className="min-h-11 min-w-0 flex-1 rounded-lg bg-slate-800 px-3 text-slate-50" />
        <button type="submit" className={`${roomButton} bg-sky-500 text-slate-950`} disabled={busy || !text.trim()}>
          {t('chat.send')}
        </button>
      </form>
      {failed ? <p role="alert" className="text-sm text-amber-300">{t('chat.failed')}</p> : null}
    </div>
  );
}
