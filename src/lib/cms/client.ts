import type { AxiosInstance } from 'axios';
import { getConfig } from '@/config/env';
import { SESSION_EXPIRED_EVENT, clearSession, readJwt } from '@/lib/session/storage';

/**
 * What the CMS calls use of the HTTP client. An axios instance from `createCmsClient` (lib/cms/http.ts)
 * is one; the app's own clients (`getCmsClient`, `getCmsClientWithToken`) are others, which load
 * axios with their first request so that axios is not part of the first page's code.
 */
export type CmsClient = Pick<AxiosInstance, CmsMethod> & { defaults: { baseURL?: string } };

type CmsMethod = 'get' | 'delete' | 'post' | 'put';

function expireSession() {
  clearSession();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

let browserAxios: Promise<AxiosInstance> | undefined;

/** Starts loading the app's axios instance (once); the first CMS request awaits the same promise. */
function loadCmsHttp(): Promise<AxiosInstance> {
  browserAxios ??= import('@/lib/cms/http').then(({ createCmsClient }) =>
    createCmsClient({ baseURL: getConfig().cmsUrl, getToken: readJwt, onUnauthorized: expireSession }),
  );
  return browserAxios;
}

/** Axios's own method, called once the instance has loaded (its generic signature is axios's, unchanged). */
function deferred<M extends CmsMethod>(load: () => Promise<AxiosInstance>, method: M): AxiosInstance[M] {
  const call = async (...args: unknown[]) => {
    const http = await load();
    return (http[method] as (...params: unknown[]) => Promise<unknown>)(...args);
  };
  return call as AxiosInstance[M];
}

function lazyClient(load: () => Promise<AxiosInstance>): CmsClient {
  return {
    defaults: { baseURL: getConfig().cmsUrl },
    get: deferred(load, 'get'),
    delete: deferred(load, 'delete'),
    post: deferred(load, 'post'),
    put: deferred(load, 'put'),
  };
}

let browserClient: CmsClient | undefined;

/** The app's CMS client: base URL from configuration, bearer from the stored session. */
export function getCmsClient(): CmsClient {
  browserClient ??= lazyClient(loadCmsHttp);
  return browserClient;
}

/**
 * A CMS client that always sends `token`, whatever the session holds by the time a request
 * leaves: the outbox writes each record with the session of the account that made it. A 401
 * ends the stored session only if it is still that token's.
 */
export function getCmsClientWithToken(token: string): CmsClient {
  let client: Promise<AxiosInstance> | undefined;
  return lazyClient(() => {
    client ??= import('@/lib/cms/http').then(({ createCmsClient }) =>
      createCmsClient({
        baseURL: getConfig().cmsUrl,
        getToken: () => token,
        onUnauthorized: () => {
          if (readJwt() === token) expireSession();
        },
      }),
    );
    return client;
  });
}
