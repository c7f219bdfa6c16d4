'use client';

import { useEffect } from 'react';
import { restoreSession } from './restore-session';

/** Restores the session on page load (only when the `auth` marker cookie exists). Renders nothing. */
export function AuthProvider() {
  useEffect(() => {
    void restoreSession();
  }, []);
  return null;
}
