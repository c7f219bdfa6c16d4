'use client';

import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { RoomEvent } from '@/lib/browser/lesson-room/channel';
import { createBoardStore, type BoardElement, type BoardFile } from './board-store';
import type { SavedNotes } from './notes-panel';
import { TRANSLATION_LANGS, type TranslationLang } from './translation';
import { roomButton } from './types';
import type { Word } from './words-panel';

export type Tab = 'chat' | 'notes' | 'words' | 'board' | 'homework';
const TABS: readonly Tab[] = ['chat', 'notes', 'words', 'board'];
/** The tutor's tabs: the homework they gave the lesson's students, with the results and the answers to check, besides the shared ones. */
export const TUTOR_TABS: readonly Tab[] = [...TABS, 'homework'];

/**
 * The lesson's notes, words and board as the room's log has them (one-on-one and group rooms alike):
 * `take` folds in one event of those kinds and says whether it was one.
 */
export function usePanelState() {
  const [notes, setNotes] = useState<SavedNotes>({ text: '', seq: 0, client: null });
  const [words, setWords] = useState<Word[]>([]);
  const [board] = useState(createBoardStore);
  /** The seq of the last event that put a library page on the board (the board's tab says so until it is opened). */
  const [boardPage, setBoardPage] = useState(0);
  const take = (e: RoomEvent): boolean => {
    if (e.kind === 'notes') setNotes((n) => (e.seq > n.seq ? { text: String(e.payload.text), seq: e.seq, client: typeof e.payload.client === 'string' ? e.payload.client : null } : n));
    else if (e.kind === 'board' && (e.payload.elements || e.payload.files)) {
      if (board.receive((e.payload.elements as BoardElement[] | undefined) ?? [], (e.payload.files as BoardFile[] | undefined) ?? [])) setBoardPage(e.seq);
    }
    else if (e.kind === 'vocab') setWords((w) => [...w, { seq: e.seq, word: String(e.payload.word), translation: String(e.payload.translation), lang: (TRANSLATION_LANGS as unknown[]).includes(e.payload.lang) ? (e.payload.lang as TranslationLang) : null }]);
    else return false;
    return true;
  };
  return { notes, words, board, boardPage, take };
}

/** Whether a library page came to the board since its tab was last open (`boardPage`: usePanelState's). */
export function useBoardNews(boardPage: number, tab: Tab): boolean {
  const [seen, setSeen] = useState(0);
  if (tab === 'board' && seen < boardPage) setSeen(boardPage);
  return tab !== 'board' && boardPage > seen;
}

/** The room's side panel: chat, notes, words and board as tabs (the WAI-ARIA tab pattern, arrow keys between them). */
export function PanelTabs({ tab, onTab, wide, tabs = TABS, boardNews = false, children }: { tab: Tab; onTab: (tab: Tab) => void; wide?: boolean; tabs?: readonly Tab[]; boardNews?: boolean; children: ReactNode }) {
  const t = useTranslations('Room');
  return (
    <aside className={`flex w-full flex-col border-slate-700 p-2 sm:p-4 lg:border-l ${wide ? 'lg:w-[60%]' : 'lg:w-96'}`} aria-label={t('tabs.label')}>
      <div role="tablist" aria-label={t('tabs.label')} className="flex gap-1">
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`tab-${k}`}
            aria-selected={tab === k}
            aria-controls={tab === k ? `panel-${k}` : undefined}
            tabIndex={tab === k ? 0 : -1}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = tabs[(tabs.indexOf(k) + step + tabs.length) % tabs.length]!;
              onTab(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
            className={`${roomButton} flex-1 px-2! leading-tight ${tab === k ? 'bg-sky-500 text-slate-950' : 'bg-slate-800'}`}
            onClick={() => onTab(k)}
          >
            {t(`tabs.${k}`)}
            {k === 'board' && boardNews ? (
              <span className="h-2 w-2 rounded-full bg-amber-400" data-testid="board-news">
                <span className="sr-only">{t('tabs.boardNews')}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-3 flex flex-1 flex-col">
        {children}
      </div>
    </aside>
  );
}
