// The loading bar's switch for navigations that are not link clicks (router.push/replace: sign-in,
// wizards, the language switch). components/layout/navigation-progress.tsx registers the bar; it
// stops itself when the new path renders.
let starter: (() => void) | undefined;

export function registerNavigationProgress(start: () => void): () => void {
  starter = start;
  return () => {
    if (starter === start) starter = undefined;
  };
}

/** Starts the bar for a navigation to `href`, unless it stays on this path (nothing would stop the bar). */
export function startNavigationProgress(href: string) {
  if (!starter || typeof window === 'undefined') return;
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return;
  }
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
  starter();
}
