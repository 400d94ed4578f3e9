/*
 * The first calls of a signed-in page, asked by the document itself (index.html: a deferred classic
 * script, run before the app's module) about 60 ms after the navigation, instead of after the app's
 * entry and its libraries have loaded and run (~0.3-0.5 s on a quiet machine, B8):
 * - the profile, which the guard of every signed-in page waits for (session-flow.ts, loadProfile);
 * - on the control tower's address, the tower's first call (pages/visual/tower-early.ts) and its
 *   designed tiles (tiles/TowerTiles.tsx).
 * It also has the browser fetch and compile the chunks the page will import (`modulepreload`): the
 * build writes their names in (scripts/vite-early-calls.mjs: `*` for every signed-in page, the
 * shell's; an address for its page's), so they load beside the app's entry instead of after it.
 * Plain script on purpose: no import, nothing of the bundle (CSP `script-src 'self'`). Each call leaves a mark on `window` (`__profileEarly`, `__towerEarly`, `__tilesEarly`: the address, the
 * language, the reply's data or null, `by: 'document'`); the app takes a reply only when it would have
 * asked the same address in the same language, once, else it asks itself. The unit test
 * early-calls.test.ts runs this file and checks the addresses and rules against the app's code.
 * Rules (the app's): the stored token good for more than 300 s (guard.ts REFRESH_MARGIN_SECONDS;
 * a token closer to its end is refreshed first, by the app); not on the sign-in pages; the tower's
 * range from the first day of last month to the last day of the month three months on
 * (reports/tower-range.ts), `org` and `source=raw` from the address, in that order.
 */
(function () {
  try {
    var token = localStorage.getItem('token');
    var expire = Number(localStorage.getItem('tokenexpire') || 0);
    if (!token || expire - Date.now() / 1000 <= 300) return;
    if (/^\/(login|register|signup|password|forgot)/.test(location.pathname)) return;
    var preload = /*PRELOAD*/{};
    [].concat(preload['*'] || [], preload[location.pathname] || []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      // Told apart from the links the bundler's own loader adds once the app runs (the e2e checks it).
      link.setAttribute('data-early', '');
      document.head.appendChild(link);
    });
    var lang = localStorage.getItem('language') || 'zh-CN';
    var ask = function (url) {
      var reply = fetch(url, { headers: { 'x-lang': lang, authorization: 'Bearer ' + token } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (e) { return e && e.code === 200 ? e.data : null; })
        .catch(function () { return null; });
      var mark = { url: url, lang: lang, reply: reply, by: 'document', done: false, data: null };
      // Its data once it is in: a page can draw it in its first frame (api/early-calls.ts, takeEarlyNow).
      reply.then(function (d) { mark.done = true; mark.data = d; });
      return mark;
    };
    if (!window.__profileEarly) window.__profileEarly = ask('/api/access/profile');
    if (/\/visual\/control-tower$/.test(location.pathname) && !window.__towerEarly) {
      var today = new Date().toISOString().slice(0, 10).split('-').map(Number);
      var params = new URLSearchParams(location.search);
      var q = new URLSearchParams();
      q.set('from', new Date(Date.UTC(today[0], today[1] - 2, 1)).toISOString().slice(0, 10));
      q.set('to', new Date(Date.UTC(today[0], today[1] + 3, 0)).toISOString().slice(0, 10));
      if (params.get('org')) q.set('org', params.get('org'));
      if (params.get('source') === 'raw') q.set('source', 'raw');
      window.__towerEarly = ask('/api/rptapi/tower?' + q.toString());
      // The designed tiles too, when this browser keeps no frames of them (tiles/tile-layout.ts): drawn with
      // the tower, they do not push its widgets down on a first visit. With frames kept they come after the
      // tower's call, not beside it (they share the database's two cores with it).
      var frames = localStorage.getItem('tower-tiles:' + (localStorage.getItem('username') || ''));
      if (!frames && !window.__tilesEarly) window.__tilesEarly = ask('/api/rptapi/tiles/board');
    }
  } catch (_e) {
    /* the app asks itself */
  }
})();
