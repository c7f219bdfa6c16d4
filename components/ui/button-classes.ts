/**
 * The kit's button looks as plain class strings, for client components: importing one of these
 * adds only itself to a bundle, where importing components/ui/button.tsx brings its style table
 * (about 1.5 KB). button.test.tsx checks that each equals what buttonClass() builds.
 */
/** buttonClass('primary', { tone: 'landing' }) */
export const landingPrimaryClass = 'rounded-xl transition-colors duration-150 bg-brand-dark text-center font-semibold text-white shadow-sm hover:bg-[#005a9c] inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
/** buttonClass('secondary', { tone: 'landing' }) */
export const landingSecondaryClass = 'rounded-xl transition-colors duration-150 border border-brand-dark/40 bg-white text-center font-semibold text-brand-dark hover:border-brand-dark hover:bg-brand-tint inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
/** buttonClass('primary') */
export const primaryClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] px-6 py-3';
/** buttonClass('secondary') */
export const secondaryClass = 'rounded-xl transition-colors duration-150 border border-brand-dark font-medium text-brand-dark hover:bg-brand-tint px-6 py-3';
/** buttonClass('primary', { size: 'touch' }) */
export const touchPrimaryClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
/** buttonClass('quiet', { size: 'touch' }) */
export const touchQuietClass = 'rounded-xl transition-colors duration-150 border border-line bg-white font-medium text-brand-dark hover:bg-brand-tint inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
/** buttonClass('primary', { size: 'field' }) */
export const primaryFieldClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] px-5 py-3';
/** buttonClass('primary', { size: 'lg' }) */
export const primaryLargeClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] px-6 py-3.5 text-base';
/** buttonClass('ghost', { size: 'sm' }) */
export const ghostSmallClass = 'font-medium text-brand-dark underline-offset-2 hover:underline text-sm';
