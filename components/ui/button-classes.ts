/**
 * The kit's button looks as plain class strings, for client components that keep their own
 * element (components/ui/button.tsx would bring its style table, about 1.5 KB). The bundler keeps a
 * module whole, with every look any page imports from it, so the looks live in three modules by
 * where they are used: here the app's pair, which every page carries (the error page), with the
 * promo field's (nearly the same string) and the small ghost of the captcha panel (every page with
 * a form: a few bytes here instead of the form looks on the test pages); the landing pair
 * (button-classes-landing.ts: quiz and test pages); the form looks (button-classes-form.ts).
 * button.test.tsx checks that each equals what buttonClass() builds.
 */
/** buttonClass('primary') */
export const primaryClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] px-6 py-3';
/** buttonClass('secondary') */
export const secondaryClass = 'rounded-xl transition-colors duration-150 border border-brand-dark font-medium text-brand-dark hover:bg-brand-tint px-6 py-3';
/** buttonClass('primary', { size: 'field' }) */
export const primaryFieldClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] px-5 py-3';
/** buttonClass('ghost', { size: 'sm' }) */
export const ghostSmallClass = 'font-medium text-brand-dark underline-offset-2 hover:underline text-sm';
