'use client';

import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';

export interface DisclosureOptions {
  /** Controlled: the state lives with the caller (the burger menu closes when the page changes). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** What takes focus in the panel when it opens (a CSS selector); nothing moves focus without it. */
  initialFocus?: string;
  /** A press outside the trigger and the panel closes it (default); off for a full-screen panel. */
  closeOnOutsidePress?: boolean;
}

/**
 * A popover's open state and its keyboard and pointer rules: the trigger toggles it and says so
 * (aria-expanded, aria-controls); on opening, focus moves into the panel (`initialFocus`); Escape
 * closes it and gives focus back to the trigger; a press outside closes it.
 */
export function useDisclosure<Trigger extends HTMLElement = HTMLButtonElement, Panel extends HTMLElement = HTMLElement>({
  open: controlled,
  onOpenChange,
  initialFocus,
  closeOnOutsidePress = true,
}: DisclosureOptions = {}) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const id = useId();
  const triggerRef = useRef<Trigger>(null);
  const panelRef = useRef<Panel>(null);

  const setOpen = (next: boolean) => {
    if (controlled === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  const close = () => setOpen(false);
  const toggle = () => setOpen(!open);

  const onKeyDown = useEffectEvent((e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    close();
    triggerRef.current?.focus();
  });
  const onPointerDown = useEffectEvent((e: MouseEvent) => {
    const target = e.target as Node;
    if (!triggerRef.current?.contains(target) && !panelRef.current?.contains(target)) close();
  });
  const onOpened = useEffectEvent(() => {
    if (initialFocus) panelRef.current?.querySelector<HTMLElement>(initialFocus)?.focus();
  });

  useEffect(() => {
    if (!open) return;
    onOpened();
    document.addEventListener('keydown', onKeyDown);
    if (closeOnOutsidePress) document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open, closeOnOutsidePress]);

  return {
    open,
    close,
    toggle,
    /** Spread on the trigger button. */
    triggerProps: { ref: triggerRef, 'aria-expanded': open, 'aria-controls': id, onClick: toggle },
    /** Spread on the panel. */
    panelProps: { ref: panelRef, id },
  };
}
