import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { accessToken, type TokenStore } from './token';
import { emitToast, type ToastKind } from './toast-bus';

export const REQUEST_TIMEOUT_MS = 180_000;
export const REFRESH_PATH = '/api/member/refresh';
export const LOGIN_PATH = '/api/auth/login';
const RETRY_METHODS = new Set(['get', 'head', 'options']);
const MAX_RETRIES = 3;


export interface ApiClientOptions {
  baseURL?: string;
  /** The page's locale, sent as Accept-Language; defaults to <html lang>, then ru. */
  locale?: () => string;
  /** Back-off unit of the timeout retries of GET/HEAD/OPTIONS: waits retryDelayMs × attempt. */
  retryDelayMs?: number;
  /** The refresh call (POST, answers {token}); never intercepted, never carries the bearer. */
  refreshPath?: string;
  /** The login call: its 401 (wrong password) is the caller's, never a reason to refresh. */
  loginPath?: string;
  /** Called once per failed refresh, after the token is cleared and the waiting requests are rejected. */
  onSignOut?: () => void;
  /** Shows a toast of the error catalogue; defaults to the toast bus the Toaster listens to. */
  toast?: (kind: ToastKind) => void;
  /** Where the access token lives; defaults to the page's in-memory store. */
  tokens?: TokenStore;
}

type ClientConfig = InternalAxiosRequestConfig & {
  __retries?: number;
  /** Already replayed once after a refresh: a second 401 is final. */
  __replayed?: boolean;
  /** The token store's version when the request left: tells whether the token changed since. */
  __tokenVersion?: number;
  /** The Authorization header was put there by this client (not by the caller). */
  __bearer?: boolean;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The client, and its refresh call for whoever needs a fresh token before a call of its own (an event stream). */
export type ApiClient = AxiosInstance & {
  /** The refresh call (one at a time, shared with the 401s'): the new token, stored; a refusal signs out. */
  renewToken(): Promise<string>;
};

const trimSlashes = (path: string) => path.replace(/\/+$/, '');

/**
 * The browser's API client: Accept-Language of the page, bearer token, long timeout, retries of
 * safe calls on timeout, 401s queued behind one refresh call and replayed once, catalogue toasts.
 */
export function createApiClient(opts: ApiClientOptions = {}): ApiClient {
  const tokens = opts.tokens ?? accessToken;
  const toast = opts.toast ?? emitToast;
  const refreshPath = trimSlashes(opts.refreshPath ?? REFRESH_PATH);
  const loginPath = trimSlashes(opts.loginPath ?? LOGIN_PATH);
  const client = axios.create({
    baseURL: opts.baseURL ?? '',
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    withCredentials: true,
  });

  const pathOf = (config: InternalAxiosRequestConfig): string => {
    try {
      return trimSlashes(new URL(client.getUri(config), 'http://localhost').pathname);
    } catch {
      return trimSlashes(config.url ?? '');
    }
  };
  const isRefreshCall = (config: InternalAxiosRequestConfig) => pathOf(config).endsWith(refreshPath);
  const isAuthCall = (config: InternalAxiosRequestConfig) => {
    const path = pathOf(config);
    return path.endsWith(refreshPath) || path.endsWith(loginPath);
  };

  // One refresh at a time: every 401 that arrives while it runs waits for the same promise.
  let refreshing: Promise<string> | null = null;
  const refresh = (): Promise<string> => {
    refreshing ??= (async () => {
      try {
        const { data } = await client.post<{ token?: unknown }>(refreshPath);
        if (typeof data?.token !== 'string' || !data.token) throw new Error('The refresh call answered without a token');
        tokens.set(data.token);
        return data.token;
      } catch (error) {
        tokens.clear();
        try {
          opts.onSignOut?.();
        } catch (signOutError) {
          console.error('onSignOut failed', signOutError);
        }
        throw error;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  client.interceptors.request.use((config: ClientConfig) => {
    const locale = opts.locale?.() ?? (typeof document !== 'undefined' ? document.documentElement.lang : 'ru');
    config.headers.set('Accept-Language', locale || 'ru');
    config.__tokenVersion = tokens.version();
    const token = tokens.get();
    if (isRefreshCall(config)) {
      config.headers.delete('Authorization');
    } else if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      config.__bearer = true;
    } else if (config.__bearer) {
      config.headers.delete('Authorization');
      config.__bearer = false;
    }
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error)) throw error;
    const config = error.config as ClientConfig | undefined;
    const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
    if (config && timedOut && RETRY_METHODS.has((config.method ?? 'get').toLowerCase())) {
      const attempt = (config.__retries ?? 0) + 1;
      if (attempt <= MAX_RETRIES) {
        config.__retries = attempt;
        await sleep((opts.retryDelayMs ?? 200) * attempt);
        return client.request(config);
      }
    }

    const status = error.response?.status;
    if (status === 401) {
      // Login and refresh answer for themselves; a replayed request gets no second refresh.
      if (!config || isAuthCall(config) || config.__replayed) throw error;
      let token: string;
      try {
        if (refreshing) {
          token = await refreshing;
        } else if (config.__tokenVersion !== undefined && config.__tokenVersion !== tokens.version()) {
          // The token changed after this request left (a refresh finished, a login, a sign-out).
          const current = tokens.get();
          if (!current) throw error;
          token = current;
        } else {
          token = await refresh();
        }
      } catch {
        throw error;
      }
      config.__replayed = true;
      config.__retries = 0;
      config.headers.set('Authorization', `Bearer ${token}`);
      return client.request(config);
    }

    if (status === 403) toast('permission_required');
    else if (status !== undefined && status >= 500) toast('reload_browser');
    else if (!error.response && error.code !== AxiosError.ERR_CANCELED) toast('offline');
    throw error;
  });
  return Object.assign(client, { renewToken: refresh });
}

const signOutListeners = new Set<() => void>();

/** The page's client. Its failed refreshes reach the listeners of onApiSignOut. */
export const api = createApiClient({
  onSignOut: () => {
    for (const listener of [...signOutListeners]) listener();
  },
});

/** Listens for the page client's sign-outs (a refresh that failed); returns the unsubscribe function. */
export function onApiSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => {
    signOutListeners.delete(listener);
  };
}

