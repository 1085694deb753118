/** Resolves at once when the browser is online, otherwise on its next `online` event. */
function untilOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Runs a dynamic import, and runs it again once the network is back when it failed while offline: browsers retry a
 * module whose fetch failed, so code asked for during an outage arrives with the network instead of never. A failure
 * while online (the server refused the file) is the caller's.
 */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) throw error;
      await untilOnline();
    }
  }
}
