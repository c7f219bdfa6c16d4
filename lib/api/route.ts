import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { passCaptcha } from '@/lib/captcha/policy';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import type { CaptchaProof } from '@/lib/validations/captcha';
import { requestContext, type RequestContext } from './context';
import { ApiError, errorResponse, readJson } from './errors';
import { localeFromAcceptLanguage } from './locale';

export interface RouteContext extends RequestContext {
  req: NextRequest;
  db: Db;
  /**
   * The JSON body (lib/api/errors.ts `readJson`: 16 KiB unless `maxBytes`, 415, 413, 400) parsed by `schema` (422).
   * With `captcha`, the captcha the body carries must pass that action's check next
   * (lib/captcha/policy.ts), before anything else is done.
   */
  body<S extends z.ZodType>(schema: S, opts?: { captcha?: string; maxBytes?: number }): Promise<z.output<S>>;
  /** The query string parsed by `schema` (422 with the fields when it does not fit). */
  query<S extends z.ZodType>(schema: S): z.output<S>;
  /** A JSON answer, for a handler that sets cookies on it before returning it. */
  json(body: unknown, status?: number): NextResponse;
  /** The error answer of `err`, for a handler that sets cookies on it before returning it. */
  error(err: unknown): NextResponse;
  /** The dynamic segments of the route's path (`[id]`), as strings. */
  params: Record<string, string>;
}

export interface RouteOptions {
  /** The status of a successful JSON answer (default 200). */
  status?: number;
  /** Development and e2e tools only: 404 unless ENABLE_DEV_TOOLS. */
  devTools?: boolean;
}

const json = (body: unknown, status = 200) => NextResponse.json(body, { status });

/**
 * The one route-handler wrapper. The handler gets the caller (lib/api/context.ts), the database
 * and the body reader, and returns either a value (answered as JSON with `opts.status`) or a
 * Response of its own. Every answer is `Cache-Control: no-store` unless the handler set another,
 * and anything thrown is answered through `errorResponse`: ApiError with its status and code, a
 * ZodError as 422 with its fields, anything else a 500 logged without query parameters.
 */
export function route(handler: (ctx: RouteContext) => Promise<unknown>, opts: RouteOptions = {}) {
  return async (req: NextRequest, segment?: { params?: Promise<Record<string, string | string[]> | undefined> }): Promise<Response> => {
    const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
    try {
      if (opts.devTools && !env().ENABLE_DEV_TOOLS) throw new ApiError(404, 'not_found');
      const caller = requestContext(req);
      const db = await getDb();
      const raw = (segment?.params ? await segment.params : undefined) ?? {};
      const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
      const ctx: RouteContext = {
        ...caller,
        req,
        db,
        async body(schema, bodyOpts) {
          const input = schema.parse(await readJson(req, bodyOpts?.maxBytes));
          if (bodyOpts?.captcha) await passCaptcha(db, input as CaptchaProof, bodyOpts.captcha, caller.ip);
          return input;
        },
        query: (schema) => schema.parse(Object.fromEntries(req.nextUrl.searchParams)),
        json,
        error: (err) => errorResponse(err, locale),
        params,
      };
      const out = await handler(ctx);
      const res = out instanceof Response ? out : json(out, opts.status);
      if (!res.headers.has('cache-control')) res.headers.set('Cache-Control', 'no-store');
      return res;
    } catch (err) {
      return errorResponse(err, locale);
    }
  };
}
