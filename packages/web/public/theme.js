/*
 * The appearance chosen in Settings (system, light or dark), applied before the first paint: the
 * page's CSS draws its dark tokens under <html data-theme="dark">. Loaded by index.html's <head>
 * as a classic script (the CSP allows no inline script); src/lib/theme.ts is the app's side of
 * the same rule (theme.test.ts checks they agree). No choice stored follows the phone, live.
 */
(function () {
  var KEY = 'tw_theme';
  var root = document.documentElement;
  var query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function apply() {
    var choice = null;
    try {
      choice = window.localStorage.getItem(KEY);
    } catch {
      // Storage refused (private mode, disabled): follow the phone.
      choice = null;
    }
    var dark = choice === 'dark' || (choice !== 'light' && query !== null && query.matches);
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
  }
  apply();
  if (query !== null && typeof query.addEventListener === 'function') query.addEventListener('change', apply);
  // Another tab changed the appearance.
  window.addEventListener('storage', function (event) {
    if (event.key === KEY || event.key === null) apply();
  });
})();
