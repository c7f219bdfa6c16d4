import { notFound } from 'next/navigation';

// Any path no route matches: the translated 404 page.
export default function CatchAll() {
  notFound();
}
