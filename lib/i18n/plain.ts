/**
 * One namespace's messages as plain strings, for a client island on a page that must not load the
 * ICU formatter (next-intl's useTranslations brings intl-messageformat: 12 KiB gzip on the
 * checkout's first load, `npm run bench` section checkout-js): `{name}` arguments are filled in and
 * nothing else is interpreted. Only for the namespaces of PLAIN_NAMESPACES, whose messages have no
 * plural, select, number or rich-text arguments in any language (lib/i18n/plain.test.ts).
 */
export const PLAIN_NAMESPACES = ['Checkout'] as const;

export type PlainMessages = Readonly<Record<string, string>>;

export function plainTranslator(messages: PlainMessages) {
  return (key: string, values?: Readonly<Record<string, string | number>>): string => {
    const text = messages[key] ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  };
}
