import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

export const REQUEST_TIMEOUT_MS = 180_000;
const RETRY_METHODS = new Set(['get', 'head', 'options']);
const MAX_RETRIES = 3;

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

type RetryConfig = InternalAxiosRequestConfig & { __retries?: number };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The browser's API client: Accept-Language of the page, long timeout, retries of safe calls. */
export function createApiClient(opts: { baseURL?: string; locale?: () => string; retryDelayMs?: number } = {}): AxiosInstance {
  const client = axios.create({
    baseURL: opts.baseURL ?? '',
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    withCredentials: true,
  });
  client.interceptors.request.use((config) => {
    const locale = opts.locale?.() ?? (typeof document !== 'undefined' ? document.documentElement.lang : 'ru');
    config.headers.set('Accept-Language', locale || 'ru');
    return config;
  });
  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetryConfig | undefined;
    const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
    if (config && timedOut && RETRY_METHODS.has((config.method ?? 'get').toLowerCase())) {
      const attempt = (config.__retries ?? 0) + 1;
      if (attempt <= MAX_RETRIES) {
        config.__retries = attempt;
        await sleep((opts.retryDelayMs ?? 200) * attempt);
        return client.request(config);
      }
    }
    throw error;
  });
  return client;
}

export const api = createApiClient();

export function apiErrorBody(error: unknown): ApiErrorBody['error'] | undefined {
  if (axios.isAxiosError(error)) {
    const data = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (data?.error && typeof data.error.message === 'string') return data.error;
  }
  return undefined;
}
