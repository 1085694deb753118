import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { toStrapiQuery } from '@/lib/cms/query-string';
import { AppError, READ_TIMEOUT_MS, toAppError } from '@/lib/errors/app-error';

/** The two form routes: only Public holds their permissions, a bearer there is a 403 (deployed-system.md §B7.3). */
const FORM_PATHS = new Set(['/api/email', '/api/email-attachment']);

/**
 * Which calls carry the bearer: exactly the ones deployed-system.md §B5 marks A — every write (POST, PUT,
 * DELETE) except the two form routes — plus the profile's own-avatar lookup (#18), which the CMS
 * answers only for a role that may `find` users (deployed-system.md §B7.2: that grant belongs to Authenticated, not to Public).
 * Every other read (collections, NFTs, statuses, transactions, the dashboard, the sign-in plugin)
 * goes without it, signed in or not: Strapi checks the token's role, not Public's (deployed-system.md §B7.3).
 */
export function sendsBearer(method: string | undefined, url: string | undefined): boolean {
  const path = new URL(url ?? '', 'http://cms.invalid').pathname.replace(/\/+$/, '');
  if ((method ?? 'get').toLowerCase() === 'get') return path === '/api/user-avatars';
  return !FORM_PATHS.has(path);
}

export interface CmsClientOptions {
  baseURL: string;
  /** Returns the bearer token, or null to send no Authorization header (see `sendsBearer` for which calls get it). */
  getToken?: () => string | null;
  /** Called when the CMS answers 401 to a request that carried a token (expired session). */
  onUnauthorized?: () => void;
}

/**
 * The one HTTP client for the Strapi CMS. Query strings are built Strapi-style
 * (`filters[status][$eq]=Active`, see query-string.ts), the bearer is attached only to the calls
 * `sendsBearer` names and only when a token exists (never `Bearer null`), and every error is
 * rejected as an AppError.
 */
export function createCmsClient({ baseURL, getToken = () => null, onUnauthorized }: CmsClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    // Writes (uploads among them); reads end sooner, below.
    timeout: 20_000,
    paramsSerializer: { serialize: (params) => toStrapiQuery(params) },
  });
  // Reads end after READ_TIMEOUT_MS, by an abort of our own: axios's `timeout` rides on XHR's, which an
  // intercepted request (a service worker, MSW) may never fire. Writes keep the longer `timeout` (an upload).
  const timers = new WeakMap<AbortSignal, ReturnType<typeof setTimeout>>();
  const timedOut = new WeakSet<AbortSignal>();
  client.interceptors.request.use((request) => {
    if ((request.method ?? 'get').toLowerCase() !== 'get' || request.signal) return request;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      timedOut.add(controller.signal);
      controller.abort();
    }, READ_TIMEOUT_MS);
    timers.set(controller.signal, timer);
    request.signal = controller.signal;
    return request;
  });
  const settle = (signal: unknown) => {
    const timer = signal instanceof AbortSignal ? timers.get(signal) : undefined;
    if (timer !== undefined) clearTimeout(timer);
  };
  client.interceptors.request.use((request) => {
    if (!sendsBearer(request.method, request.url)) return request;
    const token = getToken();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  const onAnswer = (response: AxiosResponse) => {
    settle(response.config.signal);
    return response;
  };
  const onFailure = (error: unknown) => {
    const signal = axios.isAxiosError(error) ? error.config?.signal : undefined;
    settle(signal);
    if (axios.isCancel(error) && signal && timedOut.has(signal as AbortSignal)) {
      return Promise.reject(
        new AppError('network', 'The CMS did not answer in time.', { reason: 'timeout', cause: error }),
      );
    }
    const appError = toAppError(error);
    const sentToken = axios.isAxiosError(error) && Boolean(error.config?.headers?.Authorization);
    if (appError.kind === 'unauthorized' && sentToken) onUnauthorized?.();
    return Promise.reject(appError);
  };
  client.interceptors.response.use(onAnswer, onFailure);
  return client;
}
