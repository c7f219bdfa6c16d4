'use client';

import { useEffect } from 'react';

/**
 * The tab's title counts what waits for the reader, "(3) …" (chat help's one owner of the title: the
 * tutor's page adds the waiting questions and an open thread's unread answers; the student's, the
 * unread ones). Zero shows the title alone; leaving the page restores it.
 */
export function useTitleCount(count: number): void {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = count > 0 ? `(${count}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [count]);
}
