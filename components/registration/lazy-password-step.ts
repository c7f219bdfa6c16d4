'use client';

import { lazy } from 'react';

// A wizard's password step comes when the visitor gets there (see lazy-sms-code.ts).
export const PasswordStep = lazy(() => import('./password-step').then((m) => ({ default: m.PasswordStep })));
