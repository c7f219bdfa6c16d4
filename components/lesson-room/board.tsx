'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CaptureUpdateAction, convertToExcalidrawElements, Excalidraw, FONT_FAMILY, reconcileElements } from '@excalidraw/excalidraw';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type { FileId } from '@excalidraw/excalidraw/element/types';
import type { BinaryFileData, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import '@excalidraw/excalidraw/index.css';
import { boardImage } from './board-image';
import { BoardLibrary } from './board-library';
import { pictureSrc } from '@/components/library/types';
import { drawPages, isPageFrame, pagesText, pageView, type BoardPicture, type PageData } from './board-library-draw';
import { pagePictures, type Block, type BoardLang, type BoardPage } from './board-library-layout';
import { BOARD_PDF_PAGES, boardPdf } from './board-pdf';
import { sendBoardChanges, type BoardElement, type BoardFile, type BoardStore } from './board-store';
import { roomButton } from './types';

const LANG: Record<string, string> = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en' };
/** The font of the library's pages (every Kazakh letter): loaded before their text is measured or shown. */
const PAGE_FONT = '24px Nunito';
const blockText = (b: Block) => (b.kind === 'chips' ? b.items.join(' ') : b.kind === 'pair' ? `${b.left} ${b.right}` : b.kind === 'word' ? `${b.text} ${b.note ?? ''}` : b.kind === 'image' ? b.alt : b.text);
const loadPageFont = (text: string) => (text && typeof document !== 'undefined' && document.fonts && !document.fonts.check(PAGE_FONT, text) ? document.fonts.load(PAGE_FONT, text).then(() => undefined, () => undefined) : null);
type PagesText = ReturnType<typeof pagesText>;
/** A library page as tests and the page list name it: course/unit/step. */
const pageKey = (d: PageData) => `${d.course}/${d.unit}/${d.step}`;

/**
 * The shared whiteboard (Excalidraw): what this side draws goes out as the elements whose version
 * rose (a few times a second at most); what the other side drew comes in through the store and is
 * merged by Excalidraw's own reconciliation (the higher version of an element wins). `readOnly`: a
 * group lesson's student while the tutor keeps the board (Excalidraw's view mode; the server refuses
 * their strokes then too).
 */
export default function Board({ store, send, sendFile, locale, readOnly = false, library }: { store: BoardStore; send: (elements: unknown[]) => Promise<void>; sendFile?: (file: BoardFile) => Promise<void>; locale: string; readOnly?: boolean; library?: { lessonId: number } }) {
  const t = useTranslations('Room.board');
  const tl = useTranslations('Room.library');
  const inputId = useId();
  const libraryId = useId();
  const textsId = useId();
  const libraryToggle = useRef<HTMLButtonElement>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  /** The library pages on the board (their course/unit/step), for tests and the text below the board. */
  const [pageSteps, setPageSteps] = useState('');
  /** The pages' text, read while its disclosure is open. */
  const [texts, setTexts] = useState<PagesText | null>(null);
  /** A page the other side opened, to bring into view once it is in the scene. */
  const wanted = useRef<string | null>(null);
  const [imageState, setImageState] = useState<'idle' | 'busy' | 'failed'>('idle');
  /** After a PDF longer than the pages put on the board: how many of how many. */
  const [pdfPages, setPdfPages] = useState<{ shown: number; total: number } | null>(null);
  const api = useRef<ExcalidrawImperativeAPI | null>(null);
  /** Library pictures this board already sent (by media name): opening a page again reuses the file. */
  const pictures = useRef(new Map<string, BoardPicture>());
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

  /** Brings the newest page the other side opened into view (its width fitting the board), once it is in the scene. */
  const showWanted = () => {
    const a = api.current;
    if (!a) return;
    wanted.current = store.takeNewPage() ?? wanted.current;
    const page = wanted.current ? a.getSceneElements().find((e) => e.id === wanted.current) : undefined;
    if (!page) return;
    wanted.current = null;
    a.updateScene({ appState: pageView(page, a.getAppState()), captureUpdate: CaptureUpdateAction.NEVER });
  };

  useEffect(
    () =>
      store.subscribe((remote, files) => {
        const a = api.current;
        if (!a) return;
        const apply = () => {
          if (files.length) a.addFiles(files as unknown as BinaryFileData[]);
          const merged = reconcileElements(a.getSceneElementsIncludingDeleted(), remote as RemoteExcalidrawElement[], a.getAppState());
          a.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
          showWanted();
        };
        // A library page's text is drawn in its own font once that is here (measured in it on the other side).
        const pageText = remote.filter((e) => e.type === 'text' && e.fontFamily === FONT_FAMILY.Nunito).map((e) => String(e.text ?? '')).join('');
        const loading = loadPageFont(pageText);
        if (loading) void loading.then(apply);
        else apply();
      }),
    // showWanted reads refs and the store only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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

  /**
   * A library picture put on the board as the tutor's own images are (fitted to one message, sent so
   * the other side holds the file, added here); null when it cannot be fetched, read or sent.
   */
  const putPicture = async (a: ExcalidrawImperativeAPI, name: string): Promise<BoardPicture | null> => {
    const known = pictures.current.get(name);
    if (known && a.getFiles()[known.fileId]) return known;
    if (!sendFile) return null;
    try {
      const res = await fetch(pictureSrc(name), { credentials: 'same-origin' });
      if (!res.ok) return null;
      const blob = await res.blob();
      const fitted = await boardImage(new File([blob], name, { type: blob.type }));
      if (!fitted) return null;
      await sendFile(fitted.file);
      store.receive([], [fitted.file]);
      a.addFiles([fitted.file as unknown as BinaryFileData]);
      const picture = { fileId: fitted.file.id, width: fitted.width, height: fitted.height };
      pictures.current.set(name, picture);
      return picture;
    } catch {
      return null;
    }
  };

  /**
   * The tutor opens library pages: their pictures put on the board first (one that fails is drawn as
   * its description), then the pages to the right of what is on the board, brought into view.
   */
  const openPages = async (pages: BoardPage[], from: { course: string; unit: string; lang: BoardLang }) => {
    const a = api.current;
    if (!a) throw new Error('The board is not ready');
    const onBoard = new Map<string, BoardPicture>();
    // One at a time: each is a message of up to 180 000 characters.
    for (const name of pagePictures(pages)) {
      const picture = await putPicture(a, name);
      if (picture) onBoard.set(name, picture);
    }
    await loadPageFont([...new Set(pages.flatMap((p) => p.blocks.map(blockText)).join(''))].join(''));
    const { elements, first } = drawPages(pages, from, a.getSceneElements(), a.getAppState(), onBoard);
    a.updateScene({ elements: [...a.getSceneElementsIncludingDeleted(), ...elements], captureUpdate: CaptureUpdateAction.IMMEDIATELY });
    if (first) a.updateScene({ appState: pageView(first, a.getAppState()), captureUpdate: CaptureUpdateAction.NEVER });
  };
  const pictureLine = (alt: string) => tl('picture', { alt });
  const readTexts = () => setTexts(api.current ? pagesText(api.current.getSceneElements() as unknown as Parameters<typeof pagesText>[0], pictureLine) : []);

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
          {library ? (
            <button
              ref={libraryToggle}
              type="button"
              className={`${roomButton} ${libraryOpen ? 'bg-sky-500 text-slate-950' : 'bg-slate-700 hover:bg-slate-600'}`}
              aria-expanded={libraryOpen}
              aria-controls={libraryOpen ? libraryId : undefined}
              onClick={() => setLibraryOpen((o) => !o)}
              data-testid="board-library-toggle"
            >
              {tl('toggle')}
            </button>
          ) : null}
          <span className="text-slate-300">{t('imageHint', { pages: BOARD_PDF_PAGES })}</span>
          {pdfPages ? <span role="status">{t('pdfPages', pdfPages)}</span> : null}
          {imageState === 'failed' ? (
            <span role="alert" className="text-red-300">
              {t('imageFailed')}
            </span>
          ) : null}
        </div>
      ) : null}
      {library && libraryOpen ? (
        <BoardLibrary
          id={libraryId}
          lessonId={library.lessonId}
          onOpen={openPages}
          onClose={() => {
            setLibraryOpen(false);
            libraryToggle.current?.focus();
          }}
        />
      ) : null}
    <div ref={frame} className="h-[60dvh] min-h-80 w-full overflow-hidden rounded-xl bg-white text-slate-900" data-testid="board" data-elements={count} data-read-only={readOnly} data-library-pages={pageSteps}>
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
          const pages = elements.filter(isPageFrame);
          setPageSteps(pages.map((p) => pageKey(p.customData as PageData)).join(' '));
          if (texts) {
            // Excalidraw calls onChange on every render: only a changed text is new state (else a render loop).
            const now = pagesText(elements as unknown as Parameters<typeof pagesText>[0], pictureLine);
            if (JSON.stringify(now) !== JSON.stringify(texts)) setTexts(now);
          }
          showWanted();
          for (const el of elements) {
            if (store.note(el as unknown as BoardElement)) pending.current.set(el.id, el);
          }
          if (pending.current.size > 0 && !timer.current) timer.current = setTimeout(flush, 150);
        }}
      />
    </div>
      {pageSteps ? (
        <div className="text-sm" data-testid="board-pages-text" data-open={texts !== null}>
          <button
            type="button"
            className="min-h-11 py-2 text-left underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-sky-300"
            aria-expanded={texts !== null}
            aria-controls={texts ? textsId : undefined}
            onClick={() => (texts ? setTexts(null) : readTexts())}
          >
            {tl('pagesText', { count: pageSteps.split(' ').length })}
          </button>
          {texts ? (
            <div id={textsId}>
              {texts.map((page) => (
                <section key={page.id} className="mt-2 rounded-lg bg-slate-800 p-3" data-step={page.step}>
                  <h3 className="font-semibold">{page.name}</h3>
                  {page.lines.map((line, i) => (
                    <p key={i} className="whitespace-pre-line">
                      {line}
                    </p>
                  ))}
                </section>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
