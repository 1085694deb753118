/**
 * Runs `callback` once the browser has shown the next frame: the second animation frame from now begins after the
 * first has been presented, and the timeout lets that frame's own work finish. For work that must not delay a paint
 * (an image just decoded, content just rendered): code fetched for later, images held back for the lead image.
 */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(callback, 0)));
}
