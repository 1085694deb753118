import type { RequestHandler } from 'msw';

/**
 * Default handlers shared by every app test. CMS handlers (Strapi v4 shapes, including the
 * custom flat routes) are added by the CMS layer; a test overrides one with server.use().
 */
export const handlers: RequestHandler[] = [];
