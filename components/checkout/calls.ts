// What the checkout loads with its first call (a quote, or "pay"), not with the page: the API client,
// its error reader, the bank page's loader and the return path kept for a visitor who signs in first. One module, so one request, and the page's first
// scripts stay within the landing pages' (npm run bench, section checkout-js).
export { api } from '@/lib/browser/api/client';
export { apiErrorBody } from '@/lib/browser/api/error-body';
export { rememberReturnPath } from '@/components/auth/return-path';
export { openHostedPage } from './hosted-page';
