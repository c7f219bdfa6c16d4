// Class names shared by the landing blocks. White text sits on brand-dark (#0070c2), which passes
// AA at any size; the lighter brand blue is kept for borders and large decorative accents.
export const buttonPrimary =
  'inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-dark px-6 py-3 text-center text-base font-semibold text-white shadow-sm transition-colors duration-150 hover:bg-[#005a9c]';

export const buttonSecondary =
  'inline-flex min-h-12 items-center justify-center rounded-xl border border-brand-dark/40 bg-white px-6 py-3 text-center text-base font-semibold text-brand-dark transition-colors duration-150 hover:border-brand-dark hover:bg-brand-tint';

export const textLink =
  'inline-flex items-center gap-1.5 font-semibold text-brand-dark underline-offset-4 transition-colors duration-150 hover:underline';

export const card = 'rounded-2xl border border-line bg-white p-6 shadow-sm';
