'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CaptureUpdateAction, convertToExcalidrawElements, Excalidraw, reconcileElements } from '@excalidraw/excalidraw';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type { FileId } from '@excalidraw/excalidraw/element/types';
import type { BinaryFileData, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import '@excalidraw/excalidraw/index.css';
import { boardImage } from './board-image';
import { BOARD_PDF_PAGES, boardPdf } from './board-pdf';
import { sendBoardChanges, type BoardElement, type BoardFile, type BoardStore } from './board-store';
import { roomButton } from './types';

const LANG: Record<string, string> = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en' };

/**
 * The shared whiteboard (Excalidraw): what this side draws goes out as the elements whose version
 * rose (a few times a second at most); what the other side drew comes in through the store and is
 * merged by Excalidraw's own reconciliation (the higher version of an element wins). `readOnly`: a
 * group lesson's student while the tutor keeps the board (Excalidraw's view mode; the server refuses
 * their strokes then too).
 */
export default function Board({ store, send, sendFile, locale, readOnly = false }: { store: BoardStore; send: (elements: unknown[]) => Promise<void>; sendFile?: (file: BoardFile) => Promise<void>; locale: string; readOnly?: boolean }) {
  const t = useTranslations('Room.board');
  const inputId = useId();
  const [imageState, setImageState] = useState<'idle' | 'busy' | 'failed'>('idle');
  /** After a PDF longer than the pages put on the board: how many of how many. */
  const [pdfPages, setPdfPages] = useState<{ shown: number; total: number } | null>(null);
  const api = useRef<ExcalidrawImperativeAPI | null>(null);
  const pending = useRef(new Map<string, OrderedExcalidrawElement>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Shapes on the board (not deleted), shown to tests and screen readers as a count. */
  const [count, setCount] = useState(0);
  /** What this side drew that did not reach the other side (too large, or lost), until a send gets through. */
  const [sendProblem, setSendProblem] = useState<'tooLarge' | 'notSent' | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  // Excalidraw's menu button is an icon without a name (axe: button-name): it gets ours.
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const name = () => root.querySelectorAll('.main-menu-trigger:not([aria-label])').forEach((b) => b.setAttribute('aria-label', t('menu')));
    name();
    const watch = new MutationObserver(name);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [t]);

  useEffect(
    () =>
      store.subscribe((remote, files) => {
        const a = api.current;
        if (!a) return;
        if (files.length) a.addFiles(files as unknown as BinaryFileData[]);
        const merged = reconcileElements(a.getSceneElementsIncludingDeleted(), remote as RemoteExcalidrawElement[], a.getAppState());
        a.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
      }),
    [store],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const flush = () => {
    timer.current = null;
    const all = [...pending.current.values()] as unknown as BoardElement[];
    pending.current.clear();
    void sendBoardChanges(all, (batch) => send(batch)).then(setSendProblem);
  };

  /**
   * The tutor puts an image, or the first pages of a PDF, on the board: each scaled to fit one
   * message, sent, then placed in view (a PDF's pages one under the other).
   */
  const addFile = async (file: File) => {
    const a = api.current;
    if (!a || !sendFile) return;
    setImageState('busy');
    setPdfPages(null);
    const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
    const fitted = isPdf ? await boardPdf(file) : await boardImage(file).then((one) => (one ? { pages: [one], total: 1 } : null));
    if (!fitted) return setImageState('failed');
    const { scrollX, scrollY, width, height, zoom } = a.getAppState();
    let y = -scrollY + 40;
    const added = [];
    for (const page of fitted.pages) {
      try {
        await sendFile(page.file);
      } catch {
        return setImageState('failed');
      }
      store.receive([], [page.file]);
      a.addFiles([page.file as unknown as BinaryFileData]);
      const w = Math.min(page.width, 800);
      const h = (page.height * w) / page.width;
      const x = -scrollX + (width / zoom.value - w) / 2;
      const top = fitted.pages.length === 1 ? -scrollY + (height / zoom.value - h) / 2 : y;
      added.push(...convertToExcalidrawElements([{ type: 'image', fileId: page.file.id as FileId, status: 'saved', x, y: top, width: w, height: h }]));
      y += h + 24;
    }
    a.updateScene({ elements: [...a.getSceneElementsIncludingDeleted(), ...added], captureUpdate: CaptureUpdateAction.IMMEDIATELY });
    if (fitted.total > fitted.pages.length) setPdfPages({ shown: fitted.pages.length, total: fitted.total });
    setImageState('idle');
  };

  return (
    <div className="flex flex-col gap-2">
      {sendProblem ? (
        <p role="alert" className="text-sm text-amber-300" data-testid="board-send-problem" data-problem={sendProblem}>
          {t(sendProblem)}
        </p>
      ) : null}
      {sendFile ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={inputId} className={`${roomButton} cursor-pointer bg-slate-700 hover:bg-slate-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-sky-300`}>
            {imageState === 'busy' ? t('imageBusy') : t('addImage')}
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,application/pdf,.pdf"
              className="sr-only"
              disabled={imageState === 'busy'}
              data-testid="board-image-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void addFile(file);
              }}
            />
          </label>
          <span className="text-slate-300">{t('imageHint', { pages: BOARD_PDF_PAGES })}</span>
          {pdfPages ? <span role="status">{t('pdfPages', pdfPages)}</span> : null}
          {imageState === 'failed' ? (
            <span role="alert" className="text-red-300">
              {t('imageFailed')}
            </span>
          ) : null}
        </div>
      ) : null}
    <div ref={frame} className="h-[60dvh] min-h-80 w-full overflow-hidden rounded-xl bg-white text-slate-900" data-testid="board" data-elements={count} data-read-only={readOnly}>
      <Excalidraw
        excalidrawAPI={(a) => {
          api.current = a;
        }}
        initialData={{ elements: store.elements() as OrderedExcalidrawElement[], files: Object.fromEntries(store.files().map((f) => [f.id, f as unknown as BinaryFileData])), appState: { viewBackgroundColor: '#ffffff' } }}
        langCode={LANG[locale] ?? 'en'}
        viewModeEnabled={readOnly}
        isCollaborating
        onChange={(elements) => {
          setCount(elements.filter((el) => !el.isDeleted).length);
          for (const el of elements) {
            if (store.note(el as unknown as BoardElement)) pending.current.set(el.id, el);
          }
          if (pending.current.size > 0 && !timer.current) timer.current = setTimeout(flush, 150);
        }}
      />
    </div>
    </div>
  );
}
