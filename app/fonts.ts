import localFont from 'next/font/local';

// Rubik 400/500/700, one file per weight with Latin, Russian and Kazakh letters and the tenge
// sign (~24 KB each; scripts/subset-fonts.sh makes them from @expo-google-fonts/rubik).
//
// One face per weight instead of Latin/Cyrillic/Cyrillic-ext subsets: text in Russian or Kazakh
// mixes the subsets (spaces, digits and punctuation are Latin), so every size and weight needed
// two or three faces, and Chrome on Linux asks the browser process synchronously for the render
// settings of each face at each size. Preloaded, the faces are ready before the first layout, so
// no page is laid out first in a system fallback font (more synchronous font lookups, and a
// per-letter fallback search for Kazakh letters).
//
// display 'optional': the browser waits at most ~100 ms for a face, and one that arrives later is
// kept for the next page instead of being swapped in, so text never jumps (CLS 0). The cost: a
// first visit over a very slow network may show the system sans-serif until the next page.
export const rubik = localFont({
  src: [
    { path: './fonts/rubik-400.woff2', weight: '400', style: 'normal' },
    { path: './fonts/rubik-500.woff2', weight: '500', style: 'normal' },
    { path: './fonts/rubik-700.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-rubik',
  display: 'optional',
  preload: false,
  adjustFontFallback: false,
  fallback: [],
});

export const fontVariables = rubik.variable;
