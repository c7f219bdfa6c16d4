'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';

/**
 * The lesson's shared notes: the whole text, saved a moment after typing stops; the other side's
 * version replaces this one unless this side is typing (the last saved text wins).
 */
export function NotesPanel({ remote, send }: { remote: { text: string; seq: number; mine: boolean }; send: (text: string) => Promise<void> }) {
  const t = useTranslations('Room');
  const id = useId();
  const [text, setText] = useState(remote.text);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!typing.current && !remote.mine) setText(remote.text);
  }, [remote]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const change = (value: string) => {
    setText(value);
    typing.current = true;
    setState('saving');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      typing.current = false;
      void send(value).then(
        () => setState('saved'),
        () => setState('idle'),
      );
    }, 700);
  };

  return (
    <div className="flex flex-1 flex-col gap-2">
      <label htmlFor={id} className="text-sm">
        {t('notes.label')}
      </label>
      <textarea id={id} value={text} maxLength={20_000} onChange={(e) => change(e.target.value)} className="min-h-48 flex-1 rounded-lg bg-slate-800 p-3 text-slate-50" data-testid="notes" />
      <p className="text-xs text-slate-400" aria-live="polite">
        {state === 'saving' ? t('notes.saving') : state === 'saved' ? t('notes.saved') : ''}
      </p>
    </div>
  );
}
