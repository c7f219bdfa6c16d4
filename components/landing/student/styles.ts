// Class names shared by the landing blocks (buttons: components/ui/button.tsx, tone "landing").
export const textLink =
  'inline-flex items-center gap-1.5 font-semibold text-brand-dark underline-offset-4 transition-colors duration-150 hover:underline';

export const card = 'rounded-2xl border border-line bg-white p-6 shadow-sm';
