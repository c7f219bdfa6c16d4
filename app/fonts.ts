import localFont from 'next/font/local';

// Rubik in three subsets: Kazakh needs cyrillic-ext (ұ, і) as well as cyrillic (ә ғ қ ң ө ү һ).
export const rubikLatin = localFont({
  src: [
    { path: './fonts/rubik-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: './fonts/rubik-latin-500-normal.woff2', weight: '500', style: 'normal' },
    { path: './fonts/rubik-latin-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-rubik-latin',
  display: 'swap',
  preload: false,
  fallback: ['system-ui', 'Arial', 'sans-serif'],
});

export const rubikCyrillic = localFont({
  src: [
    { path: './fonts/rubik-cyrillic-400-normal.woff2', weight: '400', style: 'normal' },
    { path: './fonts/rubik-cyrillic-500-normal.woff2', weight: '500', style: 'normal' },
    { path: './fonts/rubik-cyrillic-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-rubik-cyrillic',
  display: 'swap',
  preload: false,
  declarations: [{ prop: 'unicode-range', value: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116' }],
});

export const rubikCyrillicExt = localFont({
  src: [
    { path: './fonts/rubik-cyrillic-ext-400-normal.woff2', weight: '400', style: 'normal' },
    { path: './fonts/rubik-cyrillic-ext-500-normal.woff2', weight: '500', style: 'normal' },
    { path: './fonts/rubik-cyrillic-ext-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-rubik-cyrillic-ext',
  display: 'swap',
  preload: false,
  declarations: [{ prop: 'unicode-range', value: 'U+0460-052F, U+1C80-1C8A, U+20B4, U+2DE0-2DFF, U+A640-A69F, U+FE2E-FE2F' }],
});

export const fontVariables = `${rubikLatin.variable} ${rubikCyrillic.variable} ${rubikCyrillicExt.variable}`;
