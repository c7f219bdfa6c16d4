import type { AbstractIntlMessages } from 'next-intl';

/** Client islands get only the namespaces they use. */
export function pickMessages(messages: AbstractIntlMessages, namespaces: string[]): AbstractIntlMessages {
  return Object.fromEntries(namespaces.filter((n) => n in messages).map((n) => [n, messages[n]!]));
}

/**
 * Namespaces whole (`true`) or only the listed keys of each: what a client island is handed when
 * it reads a few keys of a large namespace (every page's flight data carries them).
 */
export function pickKeys(messages: AbstractIntlMessages, pick: Record<string, true | readonly string[]>): AbstractIntlMessages {
  const out: AbstractIntlMessages = {};
  for (const [namespace, keys] of Object.entries(pick)) {
    const all = messages[namespace];
    if (all === undefined) continue;
    if (keys === true || typeof all !== 'object') out[namespace] = all;
    else out[namespace] = Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k]!]));
  }
  return out;
}
