/** The landing pair: the quiz and test pages (see button-classes.ts). */
/** buttonClass('primary', { tone: 'landing' }) */
export const landingPrimaryClass = 'rounded-xl transition-colors duration-150 bg-brand-dark text-center font-semibold text-white shadow-sm hover:bg-[#005a9c] inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
/** buttonClass('secondary', { tone: 'landing' }) */
export const landingSecondaryClass = 'rounded-xl transition-colors duration-150 border border-brand-dark/40 bg-white text-center font-semibold text-brand-dark hover:border-brand-dark hover:bg-brand-tint inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
