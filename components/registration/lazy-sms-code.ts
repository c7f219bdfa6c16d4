'use client';

import { lazy } from 'react';

// A wizard's code step comes when the visitor gets there (WizardCard's Suspense shows the
// placeholder meanwhile): the first screen's scripts carry only the first step. One module per
// step, so a wizard without a password step (the lesson) carries no loader for it.
export const SmsCodeStep = lazy(() => import('./sms-code').then((m) => ({ default: m.SmsCodeStep })));
