/*
 * Route shells (issue 23). Run by index.html at the end of <body>, after the server's first-data
 * block, before the app's code arrives. Routes are in the hash (SPEC §2), so the server cannot render
 * the page opened; public/theme.js marks <html data-shell="…"> when it is one whose top this file can
 * draw from the HTML alone: the stock quote page (name, code and price from the inlined public
 * answers), Market (its title) and the stock order page (the same quote card over the form's fixed
 * parts; nothing of the user's: no wallet, no rules). The shell is a copy of the page's top, in the app's own classes,
 * laid over the app (aria-hidden, nothing focusable) until the app has drawn the same element
 * (the template's data-until), so its loading stages never show and nothing moves. No user data:
 * only the hash and the public block are read. English only (theme.js): another language keeps the
 * splash, as it would otherwise flash English words. Formats follow src/lib/format-number.ts.
 */
(function () {
  var root = document.documentElement;
  var kind = root.getAttribute('data-shell');
  if (!kind) return;
  /** The same limit as src/app/first-data.ts: an old offline shell's prices are not shown as fresh. */
  var FIRST_DATA_MAX_AGE_MS = 5 * 60 * 1000;
  /** Gives the screen back to the app even if it never draws the element (a failed load shows its error). */
  var SHELL_MAX_MS = 15000;

  function giveUp() {
    root.removeAttribute('data-shell');
  }

  function firstData() {
    var block = document.getElementById('tw-first-data');
    if (!block || !block.textContent) return null;
    try {
      var parsed = JSON.parse(block.textContent);
      return parsed && typeof parsed.at === 'number' && Date.now() - parsed.at <= FIRST_DATA_MAX_AGE_MS ? parsed.answers : null;
    } catch {
      return null;
    }
  }

  /** The inlined quote item of the instrument in the hash (hot list, then Market's first page). */
  function quoteItem(code, source) {
    var answers = firstData();
    if (!answers) return null;
    var page = answers['/m_ft/stock_list?market=NASDAQ&pageNum=1&pageSize=30'];
    var lists = [answers['/m_ft/hot_stock'], page && page.list];
    for (var l = 0; l < lists.length; l++) {
      var list = lists[l];
      if (!Array.isArray(list)) continue;
      for (var i = 0; i < list.length; i++) {
        if (list[i] && list[i].stock_code === code && String(list[i].source) === source) return list[i];
      }
    }
    return null;
  }

  // One formatter per digit count: building one is far slower than formatting (tens of prices per page).
  var formats = {};

  function fixed(value, digits) {
    var d = Math.min(Math.max(Math.trunc(Number(digits)) || 0, 0), 20);
    var n = Number(value);
    if (!Number.isFinite(n)) return '--';
    var format = formats[d] || (formats[d] = new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
    var text = format.format(n);
    return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
  }

  function signed(value, digits) {
    var text = fixed(value, digits);
    return Number(value) > 0 && /[1-9]/.test(text) ? '+' + text : text;
  }

  function trend(item) {
    if (item.fall) return 'fall';
    var n = Number(item.change);
    return !Number.isFinite(n) || n === 0 ? 'flat' : n < 0 ? 'fall' : 'rise';
  }

  function slot(shell, name) {
    return shell.querySelector('[data-slot="' + name + '"]');
  }

  /** The quote header's name, code, status, price and change; false when the block lacks the instrument. */
  function fillQuote(shell, query) {
    var item = quoteItem(query.get('code'), query.get('source'));
    if (!item || item.quotedIn === 'USc') return false;
    var digits = item.precision;
    var direction = trend(item);
    slot(shell, 'header').setAttribute('aria-label', item.name);
    slot(shell, 'name').textContent = item.name;
    slot(shell, 'code').textContent = item.stock_code;
    var market = slot(shell, 'market');
    if (item.market) market.textContent = item.market;
    else market.remove();
    var status = slot(shell, 'status');
    status.textContent = status.getAttribute(item.isOpen ? 'data-open' : 'data-closed');
    if (item.isOpen) status.classList.add('market-status-open');
    var price = slot(shell, 'price');
    price.textContent = (item.source === 7 ? 'NT$' : '$') + fixed(item.price_nominal, digits);
    price.classList.add('trend-' + direction);
    var change = slot(shell, 'change');
    change.classList.add('trend-' + direction);
    change.children[0].textContent = signed(item.change, digits);
    var percent = signed(item.change_ratio, 2);
    change.children[1].textContent = percent === '--' ? percent : percent + '%';
    var logo = slot(shell, 'logo');
    var initials = slot(shell, 'initials');
    if (item.localLogoUrl) {
      logo.src = item.localLogoUrl;
      initials.remove();
    } else {
      initials.textContent = item.stock_code.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';
      logo.remove();
    }
    var placeholders = shell.querySelectorAll('[data-slot="placeholder"]');
    for (var i = 0; i < placeholders.length; i++) placeholders[i].textContent = Number(item.price_nominal).toFixed(digits);
    return true;
  }

  /** The order form's direction (SPEC §2: direction=1 is buy down), as the app's OrderRoute reads it. */
  function fillDirection(shell, query) {
    var down = query.get('direction') === '1';
    var chosen = slot(shell, down ? 'down' : 'up');
    chosen.classList.add('segment-active', down ? 'segment-down' : 'segment-up');
    var submit = slot(shell, 'submit');
    submit.textContent = chosen.textContent;
    submit.classList.add(down ? 'trade-button-sell' : 'trade-button-buy');
  }

  var template = document.getElementById('tw-shell-' + kind);
  var app = document.getElementById('root');
  if (!template || !app || !('content' in template)) return giveUp();
  var shell = template.content.cloneNode(true);
  var query = new URLSearchParams(window.location.hash.split('?')[1] || '');
  if ((kind === 'quote' || kind === 'order') && !fillQuote(shell, query)) return giveUp();
  if (kind === 'order') fillDirection(shell, query);
  var overlay = document.createElement('div');
  overlay.className = 'boot-shell';
  overlay.setAttribute('aria-hidden', 'true');
  overlay.appendChild(shell);
  document.body.appendChild(overlay);

  // Or the app's error (a failed load), which it shows in place of the page.
  var until = template.getAttribute('data-until') + ', .page-status[role="alert"]';
  var observer = new MutationObserver(function () {
    // Drawn, not only inserted: React keeps a suspended page's nodes hidden (display: none).
    var element = app.querySelector(until);
    if (element !== null && element.getClientRects().length > 0) done();
  });
  var timer = window.setTimeout(done, SHELL_MAX_MS);
  function done() {
    observer.disconnect();
    window.clearTimeout(timer);
    window.removeEventListener('hashchange', done);
    overlay.remove();
    giveUp();
  }
  observer.observe(app, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
  window.addEventListener('hashchange', done);
})();
