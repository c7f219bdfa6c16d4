'use client';

import { createContext } from 'react';
import type { AttemptView } from './api';

/**
 * What a start form the page puts into TestFlow (the Kazakh test's entry form) needs from the flow:
 * whether it is still looking up a stored test, and where a started test goes. The form comes from
 * the page, so a test without one (the placement test) never loads its code.
 */
export const TestStartContext = createContext<{ busy: boolean; onStarted: (token: string, test: AttemptView) => void }>({
  busy: false,
  onStarted: () => {},
});
