/**
 * Bootstrap's later components (bootstrap-components.scss): requested when the app starts, beside
 * the first page's code, never blocking the first paint. Route chunks other than /home wait for it
 * (router.tsx), so no page shows its dialogs, tables or forms unstyled.
 */
export const componentStyles: Promise<unknown> = import('@/app/bootstrap-components.scss');
