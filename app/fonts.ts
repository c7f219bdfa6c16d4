import localFont from 'next/font/local';

// Rubik in three subsets, each limited by unicode-range so a page downloads only what it shows:
// Kazakh needs cyrillic-ext (ә ғ қ ң ө ү һ) as well as cyrillic (і ұ). The Cyrillic faces come
// first in --font-sans and have no fallback of their own, or the metric-matched Latin fallback
// (Arial) would draw the Cyrillic letters.
//
// display 'optional': the browser waits at most ~100 ms for a face, and one that arrives later is
// kept for the next page instead of being swapped in. A swap re-lays out the whole page (up to nine
// faces on a Kazakh page, each a separate relayout) and moved the tariff and FAQ pages by up to
// 0.054 CLS on a slow phone; with 'optional' Lighthouse measures CLS 0 on every page. The cost: a
// first visit over a slow network may show the metric-matched fallback until the next page.
export const rubikLatin = localFont({
  src: [
    { path: './fonts/rubik-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: './fonts/rubik-latin-500-normal.woff2', weight: '500', style: 'normal' },
    { path: './fonts/rubik-latin-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-rubik-latin',
  display: 'optional',
  preload: false,
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
    },
  ],
});

export const rubikCyrillic = localFont({
  src: [
    { path: './fonts/rubik-cyrillic-400-normal.woff2', weight: '400', style: 'normal' },
    { path: './fonts/rubik-cyrillic-500-normal.woff2', weight: '500', style: 'normal' },
    { path: './fonts/rubik-cyrillic-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-rubik-cyrillic',
  display: 'optional',
  preload: false,
  adjustFontFallback: false,
  fallback: [],
  declarations: [{ prop: 'unicode-range', value: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116' }],
});

export const rubikCyrillicExt = localFont({
  src: [
    { path: './fonts/rubik-cyrillic-ext-400-normal.woff2', weight: '400', style: 'normal' },
    { path: './fonts/rubik-cyrillic-ext-500-normal.woff2', weight: '500', style: 'normal' },
    { path: './fonts/rubik-cyrillic-ext-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-rubik-cyrillic-ext',
  display: 'optional',
  preload: false,
  adjustFontFallback: false,
  fallback: [],
  declarations: [{ prop: 'unicode-range', value: 'U+0460-052F, U+1C80-1C8A, U+20B4, U+2DE0-2DFF, U+A640-A69F, U+FE2E-FE2F' }],
});

export const fontVariables = `${rubikLatin.variable} ${rubikCyrillic.variable} ${rubikCyrillicExt.variable}`;
