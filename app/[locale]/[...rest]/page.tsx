import { notFound } from 'next/navigation';

// Unknown paths are rendered per request (the 404 page reads the locale of the request).
export const dynamic = 'force-dynamic';

// Any path no route matches: the translated 404 page.
export default function CatchAll() {
  notFound();
}
