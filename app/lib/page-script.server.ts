/**
 * The page's own inline script (rendered with the CSP nonce by app/components/page-script.tsx), on
 * every page, before and without React:
 * - the cookie banner's buttons and preferences dialog (the banner is server-rendered HTML,
 *   app/components/shell/cookie-banner.tsx): the choice goes to storage (app/lib/consent.ts's
 *   format) and to a cookie mirror, so the server stops rendering the banner;
 * - on static pages only (`handle.hydrate === false`, app/lib/hydration.ts), what React did there:
 *   the language switch (storage + cookie mirror, then the page again without `?lang`), a stored
 *   language the server could not see, the installed app's start on `/`, the service worker, and
 *   the `data-hydrated` marker (here: the page's handlers are in place); on /auth, finishing a
 *   sign-out made offline (decision 0052).
 * Server-only: the browser reads the text back from the page (entry.client), so it is in no bundle.
 */
const SOURCE = `(function (staticPage) {
  var d = document, root = d.documentElement;
  var CONSENT = "rumo-cookie-consent", RECORD = "rumo-gdpr-consent", LANG = "rumo-language";
  var YEAR = "; Path=/; Max-Age=31536000; SameSite=Lax";
  function read(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function store(key, value) { try { localStorage.setItem(key, value); } catch (e) {} }
  function cookie(name) { var m = d.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)")); return m ? m[1] : null; }
  var banner = d.getElementById("cookie-consent");
  function hide() {
    var dialog = d.getElementById("cookie-preferences");
    if (dialog && dialog.open) dialog.close();
    // Emptied, not just hidden: React keeps the slot (dangerouslySetInnerHTML) and never looks inside.
    if (banner) banner.innerHTML = "";
  }
  function save(choice) {
    var all = choice === "accepted", chosen = { functional: all, analytics: all, marketing: all };
    if (choice === "custom") ["functional", "analytics", "marketing"].forEach(function (key) {
      var box = d.getElementById("consent-" + key);
      chosen[key] = !!(box && box.checked);
    });
    store(CONSENT, choice);
    store(RECORD, JSON.stringify({ accepted: choice !== "rejected", functional: chosen.functional, analytics: chosen.analytics, marketing: chosen.marketing, timestamp: new Date().toISOString() }));
    d.cookie = CONSENT + "=" + choice + YEAR;
    hide();
  }
  // Only with a banner (no consent cookie): a browser's first localStorage read costs ~25 ms (110 at
  // Lighthouse's 4x CPU). A returning visitor, whose cookie hid the banner, then pays it after the
  // first paint, in hydration's own reads, rather than before it.
  var stored = banner ? read(CONSENT) : null;
  if (/^(accepted|rejected|custom)$/.test(stored || "")) { d.cookie = CONSENT + "=" + stored + YEAR; hide(); }
  d.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest("[data-consent]") : null;
    if (!button) return;
    var action = button.getAttribute("data-consent");
    if (action === "preferences") { var dialog = d.getElementById("cookie-preferences"); if (dialog && dialog.showModal) dialog.showModal(); }
    else if (/^(accepted|rejected|custom)$/.test(action)) save(action);
  });
  if (!staticPage) return;

  var TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/;
  function language(value) {
    if (typeof value !== "string") return null;
    value = value.trim();
    if (value.length > 35 || !TAG.test(value)) return null;
    value = value.slice(0, 2).toLowerCase();
    return value === "pt" || value === "en" ? value : null;
  }
  var rendered = language(root.lang);
  function choose(lang) { store(LANG, lang); d.cookie = LANG + "=" + lang + YEAR; return cookie(LANG) === lang; }
  function withoutLang() { var url = new URL(location.href); url.searchParams.delete("lang"); return url.href; }
  var storedLanguage = language(read(LANG));
  // Only when the cookie took: otherwise every load would go round again.
  if (storedLanguage && storedLanguage !== rendered) { if (choose(storedLanguage)) location.replace(withoutLang()); }
  else if (storedLanguage) choose(storedLanguage);
  // /auth (data-finish-sign-out): a sign-out made offline ends its session before anyone signs in
  // (decision 0044; app/lib/offline/sign-out-pending.ts's key). Until it has, a form waits.
  var PENDING = "rumo-sign-out-pending", finishing = null;
  if (d.querySelector("[data-finish-sign-out]") && navigator.onLine && read(PENDING) !== null) {
    finishing = fetch("/api/v1/auth/logout", { method: "POST", credentials: "same-origin", headers: { accept: "application/json" } })
      .then(function (response) { if (response.ok || response.status === 401) { try { localStorage.removeItem(PENDING); } catch (e) {} } }, function () {})
      .then(function () { finishing = null; });
  }
  d.addEventListener("submit", function (event) {
    var form = event.target;
    if (form && finishing && form.hasAttribute("data-auth-form")) {
      event.preventDefault();
      finishing.then(function () { form.submit(); });
      return;
    }
    if (!form || !form.hasAttribute("data-language-switch")) return;
    var lang = language(event.submitter && event.submitter.value);
    // Without storage and cookies the form's own GET (?lang=) still shows the page in that language.
    if (!lang || !choose(lang)) return;
    event.preventDefault();
    if (lang !== rendered || location.search.indexOf("lang=") !== -1) location.replace(withoutLang());
  });
  // The installed app starts in the app, except on a landing that has something to say (?notice=,
  // the deleted account's), which it would lose on the way to /auth.
  if (location.pathname === "/" && location.search.indexOf("notice=") === -1 && ((window.matchMedia && matchMedia("(display-mode: standalone)").matches) || navigator.standalone === true)) location.replace("/?pwa=true");
  if ("serviceWorker" in navigator) addEventListener("load", function () { navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(function () {}); });
  root.setAttribute("data-hydrated", "true");
})`;

const compact = (source: string) => source.replace(/\n\s*/g, "\n");
export const PAGE_SCRIPT_HYDRATED = `${compact(SOURCE)}(false)`;
export const PAGE_SCRIPT_STATIC = `${compact(SOURCE)}(true)`;
