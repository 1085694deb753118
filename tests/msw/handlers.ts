import type { RequestHandler } from 'msw';
import { cmsHandlers } from './cms-handlers';

/**
 * Default handlers shared by every app test. CMS handlers (Strapi v4 shapes, including the
 * custom flat routes) answer from the in-memory `cmsDb`; a test overrides one with server.use().
 */
export const handlers: RequestHandler[] = [...cmsHandlers];
