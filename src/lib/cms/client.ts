import axios, { type AxiosInstance } from 'axios';
import { getConfig } from '@/config/env';
import { toStrapiQuery } from '@/lib/cms/query-string';
import { toAppError } from '@/lib/errors/app-error';
import { SESSION_EXPIRED_EVENT, clearSession, readJwt } from '@/lib/session/storage';

export interface CmsClientOptions {
  baseURL: string;
  /** Returns the bearer token for this request, or null to send no Authorization header. */
  getToken?: () => string | null;
  /** Called when the CMS answers 401 to a request that carried a token (expired session). */
  onUnauthorized?: () => void;
}

/**
 * The one HTTP client for the Strapi CMS. Query strings are built Strapi-style
 * (`filters[status][$eq]=Active`, see query-string.ts), the bearer is attached only when a token
 * exists (never `Bearer null`), and every error is rejected as an AppError.
 */
export function createCmsClient({ baseURL, getToken = () => null, onUnauthorized }: CmsClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: 20_000,
    paramsSerializer: { serialize: (params) => toStrapiQuery(params) },
  });
  client.interceptors.request.use((request) => {
    const token = getToken();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    const appError = toAppError(error);
    const sentToken = axios.isAxiosError(error) && Boolean(error.config?.headers?.Authorization);
    if (appError.kind === 'unauthorized' && sentToken) onUnauthorized?.();
    return Promise.reject(appError);
  });
  return client;
}

let browserClient: AxiosInstance | undefined;

/** The app's CMS client: base URL from configuration, bearer from the stored session. */
export function getCmsClient(): AxiosInstance {
  browserClient ??= createCmsClient({
    baseURL: getConfig().cmsUrl,
    getToken: readJwt,
    onUnauthorized: () => {
      clearSession();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    },
  });
  return browserClient;
}
