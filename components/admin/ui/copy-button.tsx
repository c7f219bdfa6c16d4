'use client';

import { useState } from 'react';

/** Copies `text` to the clipboard; says so to screen readers too. */
export function CopyButton({ text, label, copied, srLabel }: { text: string; label: string; copied: string; srLabel: string }) {
  const [done, setDone] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (an old browser, an insecure origin): select-and-copy by hand still works.
      return;
    }
    setDone(true);
    setTimeout(() => setDone(false), 2000);
  }
  return (
    <button type="button" onClick={copy} aria-label={srLabel} className="shrink-0 rounded-lg border border-line bg-white px-2.5 py-1 text-xs font-medium hover:border-brand">
      <span aria-hidden="true">{done ? copied : label}</span>
      <span role="status" className="sr-only">
        {done ? copied : ''}
      </span>
    </button>
  );
}
