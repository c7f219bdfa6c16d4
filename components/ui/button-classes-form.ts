/** The forms' looks: lead form, wizards, account forms (see button-classes.ts). */
/** buttonClass('primary', { size: 'lg' }) */
export const primaryLargeClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] px-6 py-3.5 text-base';
/** buttonClass('primary', { size: 'touch' }) */
export const touchPrimaryClass = 'rounded-xl transition-colors duration-150 bg-brand-dark font-medium text-white hover:bg-[#005a9c] inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
/** buttonClass('quiet', { size: 'touch' }) */
export const touchQuietClass = 'rounded-xl transition-colors duration-150 border border-line bg-white font-medium text-brand-dark hover:bg-brand-tint inline-flex min-h-12 items-center justify-center px-6 py-3 text-base';
