'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { mergeNotes } from '@/lib/lesson-room/notes-merge';

/** The last saved notes as the room's log has them: the text, its seq, and the page that saved it. */
export type SavedNotes = { text: string; seq: number; client: string | null };
export type NotesSave = { text: string; base: number; client: string };

/** A name for this page among the room's writers (two tabs of one side are two writers). */
const newClientId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^\w-]/g, '').slice(0, 40);

/**
 * The lesson's shared notes, which both sides may type in at once. The page saves the whole text a
 * moment after typing stops, with the version it was edited from; the server merges a save made from
 * an older version onto the newer one (lib/lesson-room/events.ts). What arrives from the other side
 * while this side has unsaved or unconfirmed typing is merged into it here the same way, so neither
 * side's words are lost; its own save coming back only confirms it.
 */
export function NotesPanel({ remote, send, label }: { remote: SavedNotes; send: (save: NotesSave) => Promise<void>; label?: string }) {
  const t = useTranslations('Room');
  const id = useId();
  const [text, setText] = useState(remote.text);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const s = useRef({
    client: newClientId(),
    /** The saved version this page's text is built on. */
    base: { text: remote.text, seq: remote.seq },
    /** What this page typed: the textarea's value. */
    local: remote.text,
    /** The text sent and not yet back from the log, or null. */
    inflight: null as string | null,
    timer: null as ReturnType<typeof setTimeout> | null,
  });

  const save = () => {
    const st = s.current;
    if (st.timer) clearTimeout(st.timer);
    st.timer = null;
    // One save at a time: what is typed meanwhile goes once this one is back.
    if (st.inflight !== null || st.local === st.base.text) return;
    st.inflight = st.local;
    setState('saving');
    send({ text: st.local, base: st.base.seq, client: st.client }).catch(() => {
      // Not saved (no connection, the room closed): kept here, tried again in a moment.
      st.inflight = null;
      setState('failed');
      st.timer = setTimeout(save, 3000);
    });
  };

  useEffect(() => {
    const st = s.current;
    if (remote.seq <= st.base.seq) return;
    if (remote.client === st.client && st.inflight !== null) {
      // Our save, back (merged by the server with anything saved before it): keep what was typed since.
      st.local = mergeNotes(st.inflight, st.local, remote.text);
      st.inflight = null;
      setState(st.local === remote.text ? 'saved' : 'saving');
    } else {
      // The other side's save: our unsaved typing (and the save on its way) go on top of it.
      st.local = mergeNotes(st.base.text, st.local, remote.text);
      if (st.inflight !== null) st.inflight = mergeNotes(st.base.text, st.inflight, remote.text);
    }
    st.base = { text: remote.text, seq: remote.seq };
    setText(st.local);
    if (st.inflight === null && st.local !== st.base.text && !st.timer) save();
    // `save` reads only refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote]);

  // Leaving the tab (or the room) saves what was typed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => () => save(), []);

  const change = (value: string) => {
    const st = s.current;
    st.local = value;
    setText(value);
    setState('saving');
    if (st.timer) clearTimeout(st.timer);
    st.timer = setTimeout(save, 700);
  };

  return (
    <div className="flex flex-1 flex-col gap-2">
      <label htmlFor={id} className="text-sm">
        {label ?? t('notes.label')}
      </label>
      <textarea id={id} value={text} maxLength={20_000} onChange={(e) => change(e.target.value)} className="min-h-48 flex-1 rounded-lg bg-slate-800 p-3 text-slate-50" data-testid="notes" />
      <p className="text-xs text-slate-400" aria-live="polite">
        {state === 'saving' ? t('notes.saving') : state === 'saved' ? t('notes.saved') : state === 'failed' ? t('notes.failed') : ''}
      </p>
    </div>
  );
}

/** A group lesson's notes as a student sees them: the tutor's, read-only (the server refuses a student's save). */
export function NotesView({ remote }: { remote: SavedNotes }) {
  const t = useTranslations('Room.group');
  const id = useId();
  return (
    <div className="flex flex-1 flex-col gap-2">
      <label htmlFor={id} className="text-sm">
        {t('notesStudent')}
      </label>
      <textarea id={id} value={remote.text} readOnly placeholder={t('notesEmpty')} className="min-h-48 flex-1 rounded-lg bg-slate-900 p-3 text-slate-50" data-testid="notes" />
    </div>
  );
}
