import Link from 'next/link';
import en from '@/messages/en.json';

// Requests outside the locale routing (rare: the proxy sends nearly everything to [locale]).
export default function RootNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '6rem 1rem', color: '#1d1c26' }}>
        <h1>{en.NotFound.title}</h1>
        <Link href="/" style={{ color: '#0070c2' }}>
          {en.NotFound.home}
        </Link>
      </body>
    </html>
  );
}
