// navlights explore page: the aspect slider (and the distance) redraw the view without reloading; any other
// change to the form reloads the page, so that the picture, the heading, the table, the gaps, the sectors and
// the plan always describe the same vessel (the one the page was built for).
"use strict";
(function () {
  const form = document.getElementById("explore-form");
  const slider = document.getElementById("f-aspect");
  const out = document.getElementById("aspect-value");
  const result = document.getElementById("result");
  const view = document.getElementById("night-view");
  const figure = document.getElementById("view-figure");
  const words = document.getElementById("picture-text");
  const gapsLine = document.getElementById("picture-gaps");
  const aspectWords = document.getElementById("aspect-words");
  const seen = document.getElementById("seen-list");
  const dist = document.getElementById("f-distance");
  if (!form) return;

  // Controls that mean something only with another fact (the tow's length with towing; the side of an obstruction
  // with dredging, underwater or diving work) carry data-when: "towing being_towed" (one of them given) or
  // "restricted=dredging,underwater,diving" (one of those values). When the fact they hang on changes they are
  // shown, or hidden and left out of the form (disabled); the server writes them shown where the fact is set.
  const NO = ["", "0", "off", "f", "false", "n", "no"];
  function valueOf(name) {
    const el = form.elements.namedItem(name);
    if (!el || el.disabled) return "";
    if (el.type === "checkbox") return el.checked ? el.value : "";
    return el.value || "";
  }
  function holds(when) {
    return when.split(" ").some(function (test) {
      const eq = test.indexOf("=");
      if (eq < 0) return !NO.includes(valueOf(test).toLowerCase());
      return test.slice(eq + 1).split(",").includes(valueOf(test.slice(0, eq)));
    });
  }
  function hangsOn(when, name) {
    return when.split(" ").some(function (test) { return test.split("=")[0] === name; });
  }
  form.addEventListener("change", function (ev) {
    const name = ev.target && ev.target.name;
    if (!name) return;
    for (const row of form.querySelectorAll("[data-when]")) {
      if (!hangsOn(row.dataset.when, name)) continue;
      const show = holds(row.dataset.when);
      row.hidden = !show;
      for (const c of row.querySelectorAll("input, select")) c.disabled = !show;
    }
  });
  if (!slider) return;

  // A field the edition needs (the 'Needed' box): open its part of the form and put the cursor there.
  const needed = form.dataset.needed && document.getElementById("f-" + form.dataset.needed);
  if (needed) {
    const more = needed.closest("details");
    if (more) more.open = true;
    needed.focus();
  }
  if (!result) return;          // no vessel shown: the form is submitted with Show

  // The vessel shown: the page's own query; only the observer's aspect and distance change here.
  const shown = new URLSearchParams(result.dataset.json.split("?")[1] || "");

  let busy = false;
  let again = false;

  function params() {
    const p = new URLSearchParams(shown);
    p.set("aspect", slider.value);
    if (dist && dist.value !== "") p.set("distance", dist.value); else p.delete("distance");
    return p;
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function showPicture(data) {
    const o = data.observer;
    const a = Math.round(o.aspect_deg * 100) / 100;
    aspectWords.textContent = o.aspect_words.charAt(0).toUpperCase() + o.aspect_words.slice(1) +
      " (" + a + "°); " + o.heading_cue + ".";
    words.textContent = data.signal_words || data.picture;
    const placed = document.getElementById("picture-placed");
    if (placed) placed.textContent = "As they stand: " + data.picture;
    if (gapsLine) {
      const g = [...new Set(data.gaps.map((x) => x.words))];
      gapsLine.hidden = !(g.length && data.items.length);
      gapsLine.textContent = "Not known (she may show more or other lights): " + g.join("; ");
    }
    seen.replaceChildren();
    for (const s of data.items) {
      const li = el("li");
      li.dataset.role = s.role;
      li.dataset.colour = s.colour;
      li.append(el("span", "swatch c-" + s.colour.replace(/ /g, "-")), s.colour + " ", el("code", "", s.role));
      for (const f of s.flags) li.append(" ", el("span", "flag", f));
      li.append(" ", el("span", "cite", s.cite));
      seen.append(li);
    }
  }

  async function update() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      do {
        again = false;
        const p = params();
        history.replaceState(null, "", "/explore?" + p.toString());
        const pic = await fetch("/api/view.json?" + p.toString());
        if (pic.ok) showPicture(await pic.json());
        if (figure && figure.dataset.render === "yes") {
          const period = p.get("period") || "night";
          const r = new URLSearchParams(p);
          r.delete("period");
          r.set("view", period);
          r.set("width", "560");
          r.set("height", "320");
          r.set("caption", "false");
          const svg = await fetch("/api/render.svg?" + r.toString());
          if (svg.ok) view.innerHTML = scopeSvgIds(await svg.text(), "view");
          // the plan marks where the observer stands
          const planImg = document.getElementById("plan-img");
          if (planImg) {
            r.set("view", "plan");
            r.set("width", "360");
            r.set("height", "360");
            r.delete("caption");
            planImg.src = "/api/render.svg?" + r.toString();
          }
        }
      } while (again);
    } catch (e) {
      words.textContent = "Could not update the picture: " + e;
    } finally {
      busy = false;
    }
  }

  slider.addEventListener("input", function () {
    out.textContent = slider.value + "°";
    update();
  });
  if (dist) dist.addEventListener("change", update);
  // Anything else (the edition, the vessel, night or day, the alternatives) changes the whole page: reload it.
  form.addEventListener("change", function (ev) {
    const t = ev.target;
    if (t === slider || t === dist) return;
    form.submit();
  });

  for (const a of document.querySelectorAll(".sector-link")) {
    a.addEventListener("click", function (ev) {
      ev.preventDefault();
      slider.value = a.dataset.aspect;
      out.textContent = slider.value + "°";
      update();
    });
  }
  // Keys on the picture: left and right arrows turn the observer round her.
  document.addEventListener("keydown", function (ev) {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      const step = ev.shiftKey ? 10 : 1;
      let v = (Number(slider.value) + (ev.key === "ArrowRight" ? step : -step) + 360) % 360;
      slider.value = String(v);
      out.textContent = slider.value + "°";
      update();
    }
  });
})();
