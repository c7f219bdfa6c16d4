/** The portal's control styles (pure strings: server and client components both use them). */
export const inputClass =
  'block w-full rounded-lg border border-line bg-white px-3 py-2 text-base text-ink focus:border-brand-dark focus:outline-none aria-[invalid=true]:border-danger sm:text-sm';
export const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-dark px-4 py-2 text-sm font-medium text-white hover:bg-[#005a9c] disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-line bg-white px-4 py-2 text-sm font-medium text-ink hover:border-brand disabled:opacity-60';
export const linkButtonClass = 'text-sm font-medium text-brand-dark underline underline-offset-2 hover:no-underline disabled:opacity-60';
