import type { AbstractIntlMessages } from 'next-intl';

/** Client islands get only the namespaces they use. */
export function pickMessages(messages: AbstractIntlMessages, namespaces: string[]): AbstractIntlMessages {
  return Object.fromEntries(namespaces.filter((n) => n in messages).map((n) => [n, messages[n]!]));
}
