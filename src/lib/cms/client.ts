import type { AxiosInstance } from 'axios';
import { getConfig } from '@/config/env';
import { SESSION_EXPIRED_EVENT, clearSession, readJwt } from '@/lib/session/storage';

/**
 * What the CMS calls use of the HTTP client. An axios instance from `createCmsClient` (lib/cms/http.ts)
 * is one; the app's own client (`getCmsClient`) is another, which loads axios with its first request
 * so that axios is not part of the first page's code.
 */
export type CmsClient = Pick<AxiosInstance, CmsMethod> & { defaults: { baseURL?: string } };

type CmsMethod = 'get' | 'delete' | 'post' | 'put';

let browserAxios: Promise<AxiosInstance> | undefined;

/** Starts loading the app's axios instance (once); the first CMS request awaits the same promise. */
export function loadCmsHttp(): Promise<AxiosInstance> {
  browserAxios ??= import('@/lib/cms/http').then(({ createCmsClient }) =>
    createCmsClient({
      baseURL: getConfig().cmsUrl,
      getToken: readJwt,
      onUnauthorized: () => {
        clearSession();
        window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      },
    }),
  );
  return browserAxios;
}

/** Axios's own method, called once the instance has loaded (its generic signature is axios's, unchanged). */
function deferred<M extends CmsMethod>(method: M): AxiosInstance[M] {
  const call = async (...args: unknown[]) => {
    const http = await loadCmsHttp();
    return (http[method] as (...params: unknown[]) => Promise<unknown>)(...args);
  };
  return call as AxiosInstance[M];
}

let browserClient: CmsClient | undefined;

/** The app's CMS client: base URL from configuration, bearer from the stored session. */
export function getCmsClient(): CmsClient {
  browserClient ??= {
    defaults: { baseURL: getConfig().cmsUrl },
    get: deferred('get'),
    delete: deferred('delete'),
    post: deferred('post'),
    put: deferred('put'),
  };
  return browserClient;
}
