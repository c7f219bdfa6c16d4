'use client';

import dynamic from 'next/dynamic';
import type { BoardFile, BoardStore } from './board-store';

// Excalidraw loads its fonts from where this says (our own copies, app/api/room-assets), never a CDN.
if (typeof window !== 'undefined') (window as unknown as { EXCALIDRAW_ASSET_PATH?: string }).EXCALIDRAW_ASSET_PATH = '/api/room-assets/';

// The board's code (Excalidraw, the largest part of the room) loads when the board is first opened.
const Board = dynamic(() => import('./board'), { ssr: false, loading: () => <div className="h-[60dvh] min-h-80 w-full animate-pulse rounded-xl bg-slate-800" /> });

export function BoardLoader(props: { store: BoardStore; send: (elements: unknown[]) => Promise<void>; sendFile?: (file: BoardFile) => Promise<void>; locale: string; readOnly?: boolean; library?: { lessonId: number } }) {
  return <Board {...props} />;
}
