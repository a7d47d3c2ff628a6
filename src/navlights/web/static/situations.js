// navlights: find a situation by name (Explore, /explore/situations). The box is a combobox (the ARIA pattern):
// typing asks /explore/situations.json for the edition's situations that answer the words; the arrow keys move
// through the list, Enter shows the one chosen on Explore (the form filled), Escape closes the list. Without
// JavaScript the box is a plain GET form whose answer is the server's list of matches.
"use strict";
(function () {
  const box = document.getElementById("situation-q");
  const list = document.getElementById("situation-list");
  const own = document.getElementById("situation-edition");
  const status = document.getElementById("situation-status");
  if (!box || !list || !own) return;

  let items = [];        // the situations listed: {label, href, fields}
  let active = -1;       // the option chosen with the arrow keys
  let shownFor = "";     // the edition and words the list answers
  let pending = null;    // the request under way
  let timer = null;

  function edition() {
    const select = document.getElementById("f-edition");   // Explore's own edition, as it stands now
    return (select && select.value) || own.value;
  }

  function key() { return edition() + "\n" + box.value.trim(); }

  function close() {
    list.hidden = true;
    box.setAttribute("aria-expanded", "false");
    box.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function open() {
    if (!items.length) return close();
    list.hidden = false;
    box.setAttribute("aria-expanded", "true");
  }

  function choose(i) {
    const options = list.querySelectorAll("[role=option]");
    active = i;
    options.forEach(function (o, n) { o.setAttribute("aria-selected", n === i ? "true" : "false"); });
    if (i >= 0 && options[i]) {
      box.setAttribute("aria-activedescendant", options[i].id);
      options[i].scrollIntoView({ block: "nearest" });
    } else {
      box.removeAttribute("aria-activedescendant");
    }
  }

  function pick(i) {
    const s = items[i];
    if (s) window.location.assign(s.href);
  }

  function show(found) {
    items = found;
    list.replaceChildren();
    found.forEach(function (s, i) {
      const li = document.createElement("li");
      li.id = "situation-option-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      li.textContent = s.label;
      li.addEventListener("mousedown", function (ev) { ev.preventDefault(); pick(i); });
      list.append(li);
    });
    if (status) status.textContent = found.length ? found.length + " found" : "none found";
    active = -1;
    box.removeAttribute("aria-activedescendant");
    if (found.length && document.activeElement === box) open(); else close();
  }

  // The list for the words as they stand (asked once per edition and words).
  function search() {
    const k = key();
    if (k === shownFor) return pending || Promise.resolve();
    shownFor = k;
    const q = box.value.trim();
    if (!q) { show([]); return Promise.resolve(); }
    const url = "/explore/situations.json?" + new URLSearchParams({ edition: edition(), q: q }).toString();
    pending = fetch(url).then(function (r) { return r.ok ? r.json() : { situations: [] }; })
      .then(function (data) { if (shownFor === k) show(data.situations || []); })
      .catch(function () { if (shownFor === k) show([]); })
      .finally(function () { pending = null; });
    return pending;
  }

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 120);
  });
  box.addEventListener("keydown", function (ev) {
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      clearTimeout(timer);
      const down = ev.key === "ArrowDown";
      search().then(function () {
        open();
        if (!items.length) return;
        const last = items.length - 1;
        choose(active < 0 ? (down ? 0 : last) : Math.max(0, Math.min(last, active + (down ? 1 : -1))));
      });
    } else if (ev.key === "Enter") {
      if (!list.hidden && active >= 0) { ev.preventDefault(); pick(active); }
      // else the form is sent: the server's list of matches
    } else if (ev.key === "Escape") {
      if (!list.hidden) { ev.preventDefault(); close(); } else { box.value = ""; shownFor = ""; }
    }
  });
  box.addEventListener("blur", close);
  box.addEventListener("focus", function () { if (items.length && key() === shownFor) open(); });
})();
