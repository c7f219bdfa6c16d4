// What scripts/compile-hints.mjs does to each client chunk after `next build` (pure functions, tested
// in scripts/chunk-rewrite.test.ts).

export const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Next puts its own version into a client chunk (`window.next = { version: "16.4.6", appDir: true }`,
 * node_modules/next/dist/client/app-bootstrap.js); nothing in the browser reads it, and it tells a
 * scanner which framework advisories apply. Every string literal equal to Next's version is
 * blanked. React's version is another string and stays: react-dom compares it at run time.
 */
export function blankVersion(text, nextVersion, reactVersion) {
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(nextVersion ?? '') || nextVersion === reactVersion) return { text, count: 0 };
  const escaped = nextVersion.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let count = 0;
  const out = text.replace(new RegExp(`(["'\`])${escaped}\\1`, 'g'), (_m, q) => {
    count++;
    return `${q}${q}`;
  });
  return { text: out, count };
}

/** The compile hint on the first line, and Next's version blanked; idempotent. */
export function rewriteChunk(text, versions) {
  const body = text.startsWith(HINT) ? text.slice(HINT.length) : text;
  const { text: blanked, count } = blankVersion(body, versions.next, versions.react);
  return { text: HINT + blanked, hinted: !text.startsWith(HINT), versionsBlanked: count };
}
