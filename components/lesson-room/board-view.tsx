'use client';

import { Excalidraw } from '@excalidraw/excalidraw';
import type { BinaryFileData } from '@excalidraw/excalidraw/types';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import '@excalidraw/excalidraw/index.css';
import type { BoardScene } from './record-app';

// Excalidraw loads its fonts from our own copies (app/api/room-assets), never a CDN.
if (typeof window !== 'undefined') (window as unknown as { EXCALIDRAW_ASSET_PATH?: string }).EXCALIDRAW_ASSET_PATH = '/api/room-assets/';

const LANG: Record<string, string> = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en' };

/** The lesson's board as it ended, read-only (view mode: one may pan and zoom, not draw). */
export default function BoardView({ scene, locale }: { scene: BoardScene; locale: string }) {
  return (
    <div className="h-[60dvh] min-h-80 w-full overflow-hidden rounded-xl border border-line bg-white" data-testid="record-board" data-elements={scene.elements.length}>
      <Excalidraw
        initialData={{
          elements: scene.elements as unknown as OrderedExcalidrawElement[],
          files: Object.fromEntries(scene.files.map((f) => [f.id, f as unknown as BinaryFileData])),
          appState: { viewBackgroundColor: '#ffffff' },
          scrollToContent: true,
        }}
        viewModeEnabled
        langCode={LANG[locale] ?? 'en'}
      />
    </div>
  );
}
