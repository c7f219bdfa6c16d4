'use client';

import { useState } from 'react';

/**
 * A video shown only when the visitor asks for it: until then a plain button (no third-party frame,
 * script or cookie on page load); pressing it puts the provider's player in its place.
 */
export function VideoFacade({ embedUrl, label, title }: { embedUrl: string; label: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={embedUrl}
        title={title}
        className="aspect-video w-full rounded-2xl border border-line"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="flex aspect-video w-full items-center justify-center gap-3 rounded-2xl border border-line bg-ink/90 px-4 text-center font-medium text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      data-testid="video-facade"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 shrink-0 fill-current">
        <path d="M8 5v14l11-7z" />
      </svg>
      {label}
    </button>
  );
}
