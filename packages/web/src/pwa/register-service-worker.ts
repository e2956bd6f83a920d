/**
 * Installs the service worker of the built app (/sw.js, next to index.html). Not in development:
 * Vite's dev server serves modules the worker would cache and go stale.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(new URL('sw.js', document.baseURI)).catch((error: unknown) => {
    // The app works without it; only offline opening is lost.
    console.warn('service worker not installed', error);
  });
}
