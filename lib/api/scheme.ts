/**
 * Did this request reach us over https? Decides the `Secure` attribute of the cookies we set.
 *
 * Behind a reverse proxy that terminates TLS (TRUST_PROXY=true) the proxy's X-Forwarded-Proto
 * says so (its first value: the scheme the visitor used). Without a trusted proxy the header is
 * the client's word: server.mjs strips it, and only the request URL's own scheme counts.
 * No `server-only`: proxy.ts uses it too.
 */
export function isHttpsRequest(
  headers: Pick<Headers, 'get'>,
  url: string | URL,
  trustProxy: boolean,
): boolean {
  if (trustProxy) {
    // server.mjs moves a trusted proxy's X-Forwarded-Proto here (lib/server/http-server.mjs, PROXY_PROTO_HEADER).
    const forwarded = headers.get('x-tilmen-forwarded-proto') ?? headers.get('x-forwarded-proto');
    if (forwarded) return forwarded.split(',')[0]!.trim().toLowerCase() === 'https';
  }
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** TRUST_PROXY as lib/env.ts and server.mjs read it ("true" or "1"). */
export function trustProxyFromEnv(value: string | undefined = process.env.TRUST_PROXY): boolean {
  return /^(1|true)$/i.test(value ?? '');
}
