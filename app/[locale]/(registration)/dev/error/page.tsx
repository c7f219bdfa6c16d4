import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { env } from '@/lib/env';
import { FailInBrowser } from './fail';

// Development and e2e only (ENABLE_DEV_TOOLS or `next dev`): a page that fails, to see the error
// page (app/[locale]/error.tsx). ?in=server: this server component throws, and the browser gets only
// a digest (500). Otherwise a client component throws while rendering in the browser, with the
// status an API error would carry (?status=503). Either error's text must never reach the screen.
export const dynamic = 'force-dynamic';

/** What a careless error could say: a query, a path on the server. */
const LEAKY_MESSAGE = 'relation "users" does not exist at /srv/tilmen/lib/db/query.ts:12';

export const metadata: Metadata = { robots: { index: false } };

export default async function DevErrorPage({ searchParams }: { searchParams: Promise<{ in?: string; status?: string }> }) {
  if (!env().ENABLE_DEV_TOOLS && env().NODE_ENV !== 'development') notFound();
  const query = await searchParams;
  if (query.in === 'server') throw new Error(LEAKY_MESSAGE);
  return <FailInBrowser message={LEAKY_MESSAGE} status={Number(query.status) || undefined} />;
}
