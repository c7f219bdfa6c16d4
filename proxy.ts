import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { isHttpsRequest, trustProxyFromEnv } from './lib/api/scheme';
import { encodeFirstTouch, extractUtm, UTM_FIRST_TOUCH_COOKIE, UTM_MAX_AGE } from './lib/utm';

const intl = createMiddleware(routing);
const LOCALE_COOKIE = (typeof routing.localeCookie === 'object' && routing.localeCookie.name) || 'NEXT_LOCALE';

export default function proxy(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    // A malformed %-escape is the client's error: answer 400 rather than let routing fail.
    return new NextResponse('Bad Request', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const login = loginRedirect(request);
  if (login) return login;
  const response = intl(request);
  // Cookies carry Secure when the visitor came over https: the URL's scheme, or the trusted
  // proxy's X-Forwarded-Proto (server.mjs drops that header unless TRUST_PROXY=true).
  const secure = isHttpsRequest(request.headers, request.url, trustProxyFromEnv());
  const localeCookie = response.cookies.get(LOCALE_COOKIE);
  if (localeCookie && secure) response.cookies.set({ ...localeCookie, secure: true });
  // The locale is remembered only once chosen: the switcher sets the cookie in the browser, and a
  // visit to another locale's address then updates it here. A plain first visit (no cookie yet)
  // gets none: no cookie a visitor did not ask for, and shared caches may keep the page.
  const dropLocaleCookie = localeCookie !== undefined && !request.cookies.has(LOCALE_COOKIE);
  const utm = extractUtm(request.nextUrl.searchParams);
  if (Object.keys(utm).length > 0) {
    const options = {
      path: '/',
      maxAge: UTM_MAX_AGE,
      sameSite: 'lax' as const,
      secure,
    };
    // A new touch replaces the whole last-touch set: parameters it lacks are dropped.
    for (const { name } of request.cookies.getAll()) {
      if (/^utm/i.test(name) && name !== UTM_FIRST_TOUCH_COOKIE && !(name.toLowerCase() in utm)) response.cookies.delete(name);
    }
    for (const [name, value] of Object.entries(utm)) response.cookies.set(name, value, options);
    if (!request.cookies.has(UTM_FIRST_TOUCH_COOKIE)) {
      response.cookies.set(UTM_FIRST_TOUCH_COOKIE, encodeFirstTouch(utm), options);
    }
  }
  // Last: any cookies.set above rewrites the Set-Cookie header from next-intl's list.
  if (dropLocaleCookie) dropSetCookie(response, LOCALE_COOKIE);
  return response;
}

/** Removes the Set-Cookie line of `name` (cookies.delete would send an expiring cookie instead). */
function dropSetCookie(response: NextResponse, name: string) {
  const lines = response.headers.getSetCookie();
  response.headers.delete('set-cookie');
  for (const line of lines) if (!line.startsWith(`${name}=`)) response.headers.append('set-cookie', line);
}

const LOGIN_PATH = /^\/(?:(ru|kk|en)\/)?login\/?$/;

/**
 * The spec's login path: /login (and /kk/login, /en/login) is the locale's /sign-in, for good (308).
 * Only ?next= goes along; the sign-in page checks it (safeRedirect) before it is used.
 */
function loginRedirect(request: NextRequest): NextResponse | null {
  const match = LOGIN_PATH.exec(request.nextUrl.pathname);
  if (!match) return null;
  const locale = match[1] && match[1] !== routing.defaultLocale ? `/${match[1]}` : '';
  const next = request.nextUrl.searchParams.get('next');
  const url = request.nextUrl.clone();
  url.pathname = `${locale}/sign-in`;
  url.search = next ? `?${new URLSearchParams({ next })}` : '';
  return NextResponse.redirect(url, 308);
}

export const config = {
  // Everything but API calls, Next internals and files with an extension.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)', '/(.*%.*)'],
};
