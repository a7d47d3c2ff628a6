// navlights: what every page runs (plain JS, no build step): the night-mode button and the wide tables'
// scroll hints. The page works without it: the button is a form (POST /theme), the tables scroll.
"use strict";

(function () {
  var COOKIE = "navlights_theme";
  var YEAR = 365 * 24 * 3600;
  var root = document.documentElement;
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  // The theme in effect: the reader's choice (the server wrote it into <html data-theme>), else the browser's.
  function effective() {
    var chosen = root.getAttribute("data-theme");
    if (chosen === "light" || chosen === "night") return chosen;
    return dark && dark.matches ? "night" : "light";
  }

  function chosenInCookie() {
    var m = document.cookie.match(/(?:^|;\s*)navlights_theme=(light|night)(?:;|$)/);
    return m ? m[1] : null;
  }

  function showButton() {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    var night = effective() === "night";
    button.setAttribute("aria-pressed", night ? "true" : "false");
    button.value = night ? "light" : "night";     // what the form would ask for (without this script)
  }

  function apply(theme) {
    if (theme) root.setAttribute("data-theme", theme); else root.removeAttribute("data-theme");
    var meta = document.querySelector('meta[name="color-scheme"]');
    if (meta) meta.setAttribute("content", theme === "night" ? "dark" : theme === "light" ? "light" : "light dark");
    showButton();
  }

  function choose(theme) {
    document.cookie = COOKIE + "=" + theme + "; path=/; max-age=" + YEAR + "; samesite=lax";
    apply(theme);
  }

  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("#theme-toggle");
    if (!button) return;
    ev.preventDefault();
    choose(effective() === "night" ? "light" : "night");
  });
  if (dark && dark.addEventListener) dark.addEventListener("change", showButton);
  // A page brought back by Back or Forward (from the back-forward cache, or from the HTTP cache as first served)
  // shows the theme chosen since on another page: applied on every pageshow, not only a persisted one.
  window.addEventListener("pageshow", function () {
    var theme = chosenInCookie();
    if (theme && theme !== root.getAttribute("data-theme")) apply(theme);
  });

  // Wide tables and pictures scroll inside their own box: where one does, it is a labelled region the keyboard
  // can reach (arrow keys scroll it), with a visible hint and a fade at the side where more is hidden.
  var SCROLLERS = ".table-wrap, .enc-plot-wrap, .scroll-x";

  function label(box) {
    for (var el = box.previousElementSibling; el; el = el.previousElementSibling) {
      if (/^H[1-6]$/.test(el.tagName)) return el.textContent.trim();
    }
    var caption = box.querySelector("caption");
    if (caption) return caption.textContent.trim();
    var table = box.querySelector("table[id]");
    return table ? table.id.replace(/-/g, " ") : "wide content";
  }

  function edges(box) {
    box.classList.toggle("more-left", box.scrollLeft > 2);
    box.classList.toggle("more-right", box.scrollLeft + box.clientWidth < box.scrollWidth - 2);
  }

  function mark(box) {
    var wide = box.scrollWidth > box.clientWidth + 2;
    var hint = box.previousElementSibling && box.previousElementSibling.classList.contains("scroll-hint")
      ? box.previousElementSibling : null;
    box.classList.toggle("scrolls", wide);
    if (wide) {
      if (!box.hasAttribute("tabindex")) { box.setAttribute("tabindex", "0"); box.dataset.siteTabindex = "1"; }
      if (!box.hasAttribute("role")) { box.setAttribute("role", "region"); box.dataset.siteRole = "1"; }
      if (!box.hasAttribute("aria-label")) {
        box.setAttribute("aria-label", label(box) + " (scrolls sideways)");
        box.dataset.siteLabel = "1";
      }
      if (!hint) {
        hint = document.createElement("p");
        hint.className = "scroll-hint";
        hint.setAttribute("aria-hidden", "true");
        hint.textContent = "scroll sideways for more →";
        box.parentNode.insertBefore(hint, box);
      }
      edges(box);
    } else {
      if (box.dataset.siteTabindex) { box.removeAttribute("tabindex"); delete box.dataset.siteTabindex; }
      if (box.dataset.siteRole) { box.removeAttribute("role"); delete box.dataset.siteRole; }
      if (box.dataset.siteLabel) { box.removeAttribute("aria-label"); delete box.dataset.siteLabel; }
      if (hint) hint.remove();
      box.classList.remove("more-left", "more-right");
    }
  }

  function markAll() {
    Array.prototype.forEach.call(document.querySelectorAll(SCROLLERS), mark);
  }

  document.addEventListener("scroll", function (ev) {
    var box = ev.target;
    if (box && box.classList && box.classList.contains("scrolls")) edges(box);
  }, true);
  var pending = null;
  window.addEventListener("resize", function () {
    if (pending) clearTimeout(pending);
    pending = setTimeout(markAll, 150);
  });
  // Contents that open later (a <details> table, a picture that loads) are measured again.
  document.addEventListener("toggle", markAll, true);
  window.addEventListener("load", markAll);

  showButton();
  markAll();
  window.navlightsMarkScrollers = markAll;
})();
