'use client';

import { useSyncExternalStore } from 'react';
import type { PlanId } from '@/lib/tariffs';

/** "Choose" on the tariff page: the plan and the promo code applied, for the lead form below it. */
export interface PlanChoice {
  plan: PlanId;
  promoCode?: string;
}

// Shared by the tariff board and the lead form, two islands of one page (one module instance).
let current: PlanChoice | null = null;
const listeners = new Set<() => void>();

export function choosePlan(choice: PlanChoice | null) {
  current = choice;
  for (const l of [...listeners]) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePlanChoice(): PlanChoice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
