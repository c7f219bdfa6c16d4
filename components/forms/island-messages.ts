/**
 * The messages every page's document hands its client islands (components/layout/locale-document.tsx),
 * carried in every page's flight data, hence keys rather than namespaces where a namespace is large:
 * LeadForm and Validation only as far as the lead form reads them in the browser (its own strings;
 * the messages of leadFormSchema, the server's arrive translated; island-messages.test.ts checks
 * both). Captcha: the captcha panel's few plain strings. ErrorPage: the error boundary's
 * sentences (app/[locale]/error.tsx).
 */
export const ISLAND_MESSAGES = {
  LeadForm: ['name', 'namePlaceholder', 'phone', 'phoneHint', 'submit', 'sending', 'success', 'callbackSuccess', 'consent', 'privacyPolicy', 'chosenPlan', 'chosenPromo', 'clearChoice', 'errorGeneric'],
  Validation: ['required', 'too_long', 'name_invalid', 'phone_invalid', 'phone_not_kz'],
  Captcha: true,
  ErrorPage: true,
} as const satisfies Record<string, true | readonly string[]>;
