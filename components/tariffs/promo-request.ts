// What the promo box needs once a visitor applies a code (tariff-board.tsx loads it then, in one
// piece): the code's schema, the API client and its error reading stay out of the page's scripts.
export { api } from '@/lib/browser/api/client';
export { apiErrorBody } from '@/lib/browser/api/error-body';
export { promoFormSchema } from '@/lib/validations/promo';
