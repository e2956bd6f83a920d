/*
 * Run by index.html's <head> before the first paint. The appearance chosen in Settings (system,
 * light or dark), applied before the first paint: the page's CSS draws its dark tokens under <html data-theme="dark">. Loaded by index.html's <head>
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

  /*
   * Whether the server's render of Home in index.html (issue 23) is what the app's first render will
   * be: only on Home, for a visitor, in English (src/main.tsx hydrates it then). Otherwise the splash
   * shows until the app renders (global.css, html[data-boot="splash"]). Storage keys: src/lib/storage.ts.
   */
  var route = window.location.hash.replace(/^#/, '').split('?')[0];
  var stored = { token: null, locale: null };
  try {
    stored = { token: window.localStorage.getItem('token'), locale: window.localStorage.getItem('UNI_LOCALE') };
  } catch {
    // Storage refused: a visitor in the default language.
  }
  var home = route === '' || route === '/' || route === '/pages/home/index';
  var english = stored.locale === null || stored.locale === 'en';
  if (!home || stored.token !== null || !english) root.setAttribute('data-boot', 'splash');
  // Pages whose top public/boot.js draws from the HTML (route shells): the splash stays hidden for it.
  // Public content only, so also for a signed-in user; English only, the shells' words being English.
  // The order page only with a session: a visitor is sent to sign in instead.
  var shell =
    route === '/pages/quote/stock'
      ? 'quote'
      : route === '/pages/market/index'
        ? 'market'
        : route === '/pages/payment/stock' && stored.token !== null
          ? 'order'
          : null;
  if (shell !== null && english) root.setAttribute('data-shell', shell);
  if (query !== null && typeof query.addEventListener === 'function') query.addEventListener('change', apply);
  // Another tab changed the appearance.
  window.addEventListener('storage', function (event) {
    if (event.key === KEY || event.key === null) apply();
  });
})();
