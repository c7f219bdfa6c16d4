'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Channel } from '@/lib/browser/lesson-room/channel';
import { BoardLoader } from './board-loader';
import { ChatPanel, type ChatLine } from './chat-panel';
import { NotesPanel, NotesView } from './notes-panel';
import { PanelTabs, TUTOR_TABS, useBoardNews, type Tab, type usePanelState } from './panels';
import { RoomHomework } from '@/components/homework/homework-page';
import { translationLangFor } from './translation';
import { roomButton, type RoomInfo } from './types';
import { WordsPanel } from './words-panel';

/**
 * A group lesson's panels on the room's stored channel: chat for all; the tutor's notes, read-only
 * for the students; the words (each goes to the dictionary of every student in the room); the board,
 * for all or for the tutor alone (the tutor's switch; the server refuses a student's stroke then).
 */
export function GroupPanels({ info, chat, panels, boardMode, channel, moderate }: { info: RoomInfo; chat: ChatLine[]; panels: ReturnType<typeof usePanelState>; boardMode: 'all' | 'tutor'; channel: () => Channel | null; moderate: (body: Record<string, unknown>) => Promise<unknown> }) {
  const t = useTranslations('Room.group');
  const locale = useLocale();
  const [tab, setTab] = useState<Tab>('chat');
  const tutor = info.side === 'tutor';
  const boardNews = useBoardNews(panels.boardPage, tab);
  const send = (kind: Parameters<Channel['send']>[0], payload: Record<string, unknown>) => channel()?.send(kind, payload) ?? Promise.reject(new Error('not connected'));
  return (
    <PanelTabs tab={tab} onTab={setTab} wide={tab === 'board'} boardNews={boardNews} tabs={tutor ? TUTOR_TABS : undefined}>
      {tab === 'chat' ? <ChatPanel lines={chat} send={(text) => send('chat', { text })} /> : null}
      {tab === 'homework' && tutor ? <RoomHomework lessonId={info.lesson.id} /> : null}
      {tab === 'notes' ? tutor ? <NotesPanel remote={panels.notes} label={t('notesTutor')} send={(save) => send('notes', save)} /> : <NotesView remote={panels.notes} /> : null}
      {tab === 'words' ? <WordsPanel words={panels.words} tutor={tutor} defaultLang={translationLangFor(info.lesson.subject, locale)} send={(word, translation, lang) => send('vocab', { word, translation, lang })} /> : null}
      {tab === 'board' ? (
        <div className="flex flex-col gap-2">
          {tutor ? (
            <div role="group" aria-label={t('boardWho')} className="flex flex-wrap items-center gap-2 text-sm" data-testid="board-mode">
              <span>{t('boardWho')}</span>
              {(['all', 'tutor'] as const).map((mode) => (
                <button key={mode} type="button" aria-pressed={boardMode === mode} className={`${roomButton} ${boardMode === mode ? 'bg-sky-500 text-slate-950' : 'bg-slate-700'}`} onClick={() => void moderate({ action: 'board', mode })}>
                  {t(mode === 'all' ? 'boardAll' : 'boardTutor')}
                </button>
              ))}
            </div>
          ) : boardMode === 'tutor' ? (
            <p role="status" className="text-sm text-amber-300" data-testid="board-tutor-only">
              {t('boardTutorOnly')}
            </p>
          ) : null}
          <BoardLoader
            store={panels.board}
            locale={locale}
            readOnly={!tutor && boardMode === 'tutor'}
            send={(elements) => send('board', { elements: elements as Record<string, unknown>[] })}
            sendFile={tutor ? (file) => send('board', { files: [file] }) : undefined}
            library={tutor ? { lessonId: info.lesson.id } : undefined}
          />
        </div>
      ) : null}
    </PanelTabs>
  );
}
