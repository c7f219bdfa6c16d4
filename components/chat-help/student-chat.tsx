'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/auth/return-path';
import { useApiGet } from '@/lib/browser/api/use-api-get';
import { apiErrorBody } from '@/lib/browser/api/error-body';
import { formatTiyn } from '@/lib/tariffs';
import { CHAT_BLOCK_MINUTES } from '@/lib/chat-help/rules';
import { ChatThread } from './thread';
import { useTitleCount } from './title-count';
import { loadApi, type ChatQuestion, type ChatSubject, type ChatTime } from './types';

const card = 'rounded-2xl border border-line bg-white p-5';
const primary = 'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand disabled:opacity-60';

/**
 * The student's chat help: the minutes left and the way to buy hours, a new question (subject, text,
 * a photo of homework), their questions, one open at a time, and the unused time back to the card.
 */
export function StudentChat() {
  const t = useTranslations('ChatHelp');
  const locale = useLocale();
  const [again, setAgain] = useState(0);
  const { data, failed } = useApiGet<{ questions: ChatQuestion[]; timeLeft: ChatTime }>('/api/chat-help', { again });
  const [openId, setOpenId] = useState<number | null>(null);
  const [subject, setSubject] = useState<ChatSubject>('english');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirmRefund, setConfirmRefund] = useState(false);
  const reload = () => setAgain((n) => n + 1);
  const [unread, setUnread] = useState(0);
  useTitleCount(unread);

  if (openId !== null) return <ChatThread key={openId} id={openId} onChanged={reload} onBack={() => (setOpenId(null), reload())} onUnread={setUnread} />;
  if (failed && !data) return <p role="alert" className="text-danger">{t('loadFailed')}</p>;
  if (!data) return <p role="status" className="text-muted">{t('loading')}</p>;

  async function ask(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim() && !file) return setStatus({ ok: false, text: t('empty') });
    setBusy(true);
    setStatus(null);
    try {
      const api = await loadApi();
      let photo: string | undefined;
      if (file) photo = (await api.post<{ photo: string }>('/api/chat-help/photos', file, { headers: { 'Content-Type': file.type || 'application/octet-stream' } })).data.photo;
      const res = await api.post<ChatQuestion>('/api/chat-help/questions', { subject, body: text, ...(photo ? { photo } : {}) });
      setText('');
      setFile(null);
      setOpenId(res.data.id);
    } catch (err) {
      setStatus({ ok: false, text: apiErrorBody(err)?.message ?? t('failed') });
    } finally {
      setBusy(false);
    }
  }

  async function refund() {
    setBusy(true);
    setStatus(null);
    try {
      const res = await (await loadApi()).post<{ refunds: { amountTiyn: number }[] }>('/api/chat-help/refund', {});
      const sum = res.data.refunds.reduce((s, r) => s + r.amountTiyn, 0);
      setStatus({ ok: true, text: t('refunded', { amount: formatTiyn(sum, locale) }) });
      setConfirmRefund(false);
      reload();
    } catch (err) {
      setStatus({ ok: false, text: apiErrorBody(err)?.message ?? t('failed') });
    } finally {
      setBusy(false);
    }
  }

  const left = data.timeLeft;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="chat-time" className={card} data-testid="chat-time">
        <h2 id="chat-time" className="text-xl font-bold">
          {t('timeTitle')}
        </h2>
        <p className="mt-2 text-2xl font-semibold" data-testid="chat-minutes">
          {t('minutesLeft', { minutes: left.minutes })}
        </p>
        <p className="mt-2 text-sm text-muted">{t('rule')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={localePath(locale, '/checkout?chat=1')} className={primary} data-testid="chat-buy">
            {t('buy')}
          </a>
          {left.tiyn > 0 && !confirmRefund && (
            <button type="button" onClick={() => setConfirmRefund(true)} className="min-h-11 rounded-lg border border-line px-4 py-2 font-medium" data-testid="chat-refund">
              {t('refund')}
            </button>
          )}
        </div>
        {confirmRefund && (
          <div className="mt-4 rounded-xl border border-line p-4" role="group" aria-labelledby="chat-refund-q">
            <p id="chat-refund-q">{t('refundConfirm', { amount: formatTiyn(left.tiyn, locale) })}</p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="button" disabled={busy} onClick={() => void refund()} className={primary} data-testid="chat-refund-yes">
                {t('refundYes')}
              </button>
              <button type="button" onClick={() => setConfirmRefund(false)} className="min-h-11 rounded-lg border border-line px-4 py-2 font-medium">
                {t('refundNo')}
              </button>
            </div>
          </div>
        )}
        <div role="status" aria-live="polite" className="mt-3">
          {status && <p className={status.ok ? 'font-medium text-[#0b5e4c]' : 'text-danger'}>{status.text}</p>}
        </div>
      </section>

      <section aria-labelledby="chat-ask" className={card}>
        <h2 id="chat-ask" className="text-xl font-bold">
          {t('askTitle')}
        </h2>
        {left.blocks < 1 ? (
          <p className="mt-2 text-muted" data-testid="chat-no-time">
            {t(data.questions.length === 0 ? 'firstHours' : 'noTime')}
          </p>
        ) : (
          <form onSubmit={(e) => void ask(e)} className="mt-3 flex flex-col gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('subject')}
              <select value={subject} onChange={(e) => setSubject(e.target.value as ChatSubject)} className="min-h-11 rounded-lg border border-line px-3 text-base font-normal" data-testid="chat-subject">
                <option value="english">{t('subjects.english')}</option>
                <option value="kazakh">{t('subjects.kazakh')}</option>
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('question')}
              <textarea value={text} onChange={(e) => setText(e.target.value)} rows={4} maxLength={4000} className="rounded-lg border border-line p-3 text-base font-normal" data-testid="chat-question" />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('photo')}
              <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" data-testid="chat-ask-photo" />
            </label>
            <button type="submit" disabled={busy} className={primary} data-testid="chat-ask-send">
              {busy ? t('sending') : t('askSend')}
            </button>
            <p className="text-xs text-muted">{t('askHint')}</p>
          </form>
        )}
      </section>

      <section aria-labelledby="chat-list" className={card}>
        <h2 id="chat-list" className="text-xl font-bold">
          {t('myQuestions')}
        </h2>
        {data.questions.length === 0 ? (
          <p className="mt-2 text-muted">{t(left.blocks < 1 ? 'noQuestionsYet' : 'noQuestions')}</p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-line" data-testid="chat-questions">
            {data.questions.map((q) => (
              <li key={q.id}>
                <button type="button" onClick={() => setOpenId(q.id)} className="flex min-h-11 w-full flex-col items-start gap-1 py-3 text-left">
                  <span className="font-medium text-brand-dark underline-offset-2 hover:underline">{q.preview || t('photoOnly')}</span>
                  <span className="text-sm text-muted">
                    {t(`subjects.${q.subject}`)} · {q.status === 'open' ? t('waitingTutor') : q.status === 'taken' ? t('answeredBy', { name: q.tutor ?? '' }) : t('closed')}
                    {q.blocks > 0 ? ` · ${t('cost', { minutes: q.blocks * CHAT_BLOCK_MINUTES })}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
