import type { MetadataRoute } from 'next';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Tilmen',
    short_name: 'Tilmen',
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0090f9',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}
