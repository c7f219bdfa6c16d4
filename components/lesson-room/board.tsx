'use client';

import { useEffect, useRef, useState } from 'react';
import { CaptureUpdateAction, Excalidraw, reconcileElements } from '@excalidraw/excalidraw';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import '@excalidraw/excalidraw/index.css';
import type { BoardElement, BoardStore } from './board-store';

const LANG: Record<string, string> = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en' };
/** At most this many changed elements a message (the server's cap is 400 and 192 KiB). */
const BATCH = 50;

/**
 * The shared whiteboard (Excalidraw): what this side draws goes out as the elements whose version
 * rose (a few times a second at most); what the other side drew comes in through the store and is
 * merged by Excalidraw's own reconciliation (the higher version of an element wins).
 */
export default function Board({ store, send, locale }: { store: BoardStore; send: (elements: unknown[]) => Promise<void>; locale: string }) {
  const api = useRef<ExcalidrawImperativeAPI | null>(null);
  const pending = useRef(new Map<string, OrderedExcalidrawElement>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Shapes on the board (not deleted), shown to tests and screen readers as a count. */
  const [count, setCount] = useState(0);

  useEffect(
    () =>
      store.subscribe((remote) => {
        const a = api.current;
        if (!a) return;
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
    const all = [...pending.current.values()];
    pending.current.clear();
    for (let i = 0; i < all.length; i += BATCH) void send(all.slice(i, i + BATCH)).catch(() => {});
  };

  return (
    <div className="h-[60dvh] min-h-80 w-full overflow-hidden rounded-xl bg-white text-slate-900" data-testid="board" data-elements={count}>
      <Excalidraw
        excalidrawAPI={(a) => {
          api.current = a;
        }}
        initialData={{ elements: store.elements() as OrderedExcalidrawElement[], appState: { viewBackgroundColor: '#ffffff' } }}
        langCode={LANG[locale] ?? 'en'}
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
  );
}
