// navlights identify page: place lights (night) or shapes (day) on a small sky; they become the typed notation.
// "Show more" appends the answer's next lines in the page (without a script it is a link to them).
"use strict";
(function () {
  showMore();
  const canvas = document.getElementById("sky");
  const input = document.getElementById("f-notation");
  if (!canvas || !input) return;
  const ctx = canvas.getContext("2d");
  const COLOURS = { white: "#f4f1e6", red: "#ff3b3b", green: "#19e68c", yellow: "#ffd23f", blue: "#4d8dff" };
  const FILL = { black: "#111", white: "#f4f1e6", red: "#d8323c", green: "#12a36b", yellow: "#e6b800", blue: "#2d6fd6" };
  const LETTER = { white: "W", red: "R", green: "G", yellow: "Y", blue: "B" };
  const NAMES = { w: "white", r: "red", g: "green", y: "yellow", b: "blue", white: "white", red: "red",
    green: "green", yellow: "yellow", blue: "blue" };
  // the notation's shapes: typed symbol or word -> the symbol written (docs/identify.md)
  const SHAPES = { o: "O", ball: "O", d: "D", diamond: "D", "^": "^", "cone-up": "^", v: "V", "cone-down": "V",
    x: "X", "double-cone": "X", cylinder: "cylinder", basket: "basket", flag: "flag" };
  const WORD = { O: "ball", D: "diamond", "^": "cone-up", V: "cone-down", X: "double-cone", cylinder: "cylinder",
    basket: "basket", flag: "flag" };
  const COLUMN_PX = 14;   // items closer than this across the canvas stand in one vertical line
  const LEVEL_PX = 10;    // lowest items closer than this in height are level
  const BLINK_MS = 5000;  // a flashing light blinks this long after it is drawn, then shows its rays alone
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const status = document.getElementById("sky-mode");

  let tool = { kind: "light", colour: "white", shape: "O" };
  let flashing = false;
  const items = [];       // {x, y, kind: "light", colour, flashing} or {x, y, kind: "shape", shape, colour}
  let blinkUntil = 0;
  let frame = 0;

  function period() {
    return items.length ? (items[0].kind === "shape" ? "day" : "night") : (tool.kind === "shape" ? "day" : "night");
  }

  function drawShape(it) {
    const x = it.x, y = it.y, s = 10;
    ctx.fillStyle = FILL[it.colour] || FILL.black;
    ctx.strokeStyle = "#000a";
    ctx.beginPath();
    if (it.shape === "O") ctx.arc(x, y, s, 0, 2 * Math.PI);
    else if (it.shape === "D") { ctx.moveTo(x, y - s * 1.2); ctx.lineTo(x + s, y); ctx.lineTo(x, y + s * 1.2); ctx.lineTo(x - s, y); }
    else if (it.shape === "^") { ctx.moveTo(x, y - s); ctx.lineTo(x + s, y + s); ctx.lineTo(x - s, y + s); }
    else if (it.shape === "V") { ctx.moveTo(x - s, y - s); ctx.lineTo(x + s, y - s); ctx.lineTo(x, y + s); }
    else if (it.shape === "X") {
      ctx.moveTo(x - s, y - s); ctx.lineTo(x + s, y - s); ctx.lineTo(x, y);
      ctx.lineTo(x + s, y + s); ctx.lineTo(x - s, y + s); ctx.lineTo(x, y);
    } else if (it.shape === "cylinder") ctx.rect(x - s * 0.6, y - s * 1.2, s * 1.2, s * 2.4);
    else if (it.shape === "basket") { ctx.moveTo(x - s, y - s); ctx.lineTo(x + s, y - s); ctx.lineTo(x - s, y + s); ctx.lineTo(x + s, y + s); }
    else if (it.shape === "flag" && it.colour === "white-blue") {
      ctx.fillStyle = FILL.white; ctx.fillRect(x - s, y - s * 0.8, s, s * 1.6); ctx.strokeRect(x - s, y - s * 0.8, s, s * 1.6);
      ctx.fillStyle = FILL.blue; ctx.moveTo(x, y - s * 0.8); ctx.lineTo(x + s, y - s * 0.8); ctx.lineTo(x + s * 0.5, y);
      ctx.lineTo(x + s, y + s * 0.8); ctx.lineTo(x, y + s * 0.8);
    } else ctx.rect(x - s, y - s * 0.8, s * 2, s * 1.6);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }

  function drawLight(it, lit) {
    const c = COLOURS[it.colour];
    if (it.flashing) {              // a flashing light: rayed, whether lit or between flashes
      ctx.strokeStyle = c; ctx.lineWidth = 2;
      for (let k = 0; k < 8; k++) {
        const a = k * Math.PI / 4;
        ctx.beginPath();
        ctx.moveTo(it.x + 9 * Math.cos(a), it.y + 9 * Math.sin(a));
        ctx.lineTo(it.x + 15 * Math.cos(a), it.y + 15 * Math.sin(a));
        ctx.stroke();
      }
      ctx.lineWidth = 1;
    }
    if (lit) {
      const g = ctx.createRadialGradient(it.x, it.y, 0, it.x, it.y, 14);
      g.addColorStop(0, c); g.addColorStop(1, "rgba(0,0,0,0)");
      ctx.fillStyle = g; ctx.beginPath(); ctx.arc(it.x, it.y, 14, 0, 2 * Math.PI); ctx.fill();
    }
    ctx.fillStyle = lit ? c : "#33405a";
    ctx.beginPath(); ctx.arc(it.x, it.y, 4, 0, 2 * Math.PI); ctx.fill();
    if (!lit) { ctx.strokeStyle = c; ctx.beginPath(); ctx.arc(it.x, it.y, 4, 0, 2 * Math.PI); ctx.stroke(); }
  }

  function draw(now) {
    const day = period() === "day";
    canvas.classList.toggle("day", day);
    ctx.fillStyle = day ? "#cfe0ee" : "#0d1b2e";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = day ? "#7d93a8" : "#2a3d5c";
    ctx.beginPath(); ctx.moveTo(0, canvas.height * 0.8); ctx.lineTo(canvas.width, canvas.height * 0.8); ctx.stroke();
    const blinking = !still && now < blinkUntil;
    const on = !blinking || Math.floor(now / 500) % 2 === 0;     // two flashes a second while it blinks
    for (const it of items) {
      if (it.kind === "shape") drawShape(it); else drawLight(it, !it.flashing || on);
    }
    if (status) status.textContent = day ? "by day: shapes" : "by night: lights";
  }

  function tick(now) {
    draw(now);
    frame = now < blinkUntil ? requestAnimationFrame(tick) : 0;
  }

  function redraw() {
    const now = performance.now();
    if (!still && items.some(it => it.flashing)) {
      blinkUntil = now + BLINK_MS;
      if (!frame) frame = requestAnimationFrame(tick);
    } else draw(now);
  }

  function token(it) {
    if (it.kind === "light") return LETTER[it.colour] + (it.flashing ? "*" : "");
    if (it.colour === "black") return it.shape;
    return it.colour + "-" + WORD[it.shape];
  }

  // The notation of the placed items: left to right; a vertical line top first with '/';
  // between neighbouring lines '<' (the left one's lowest is lower), '>' (higher) or '='.
  function notation() {
    const sorted = items.slice().sort((a, b) => a.x - b.x);
    const columns = [];
    for (const it of sorted) {
      const col = columns[columns.length - 1];
      if (col && Math.abs(it.x - col.x) <= COLUMN_PX) {
        col.items.push(it);
        col.x = col.items.reduce((s, m) => s + m.x, 0) / col.items.length;
      } else {
        columns.push({ x: it.x, items: [it] });
      }
    }
    let out = "";
    columns.forEach(function (col, k) {
      col.items.sort((a, b) => a.y - b.y);                      // top first
      col.lowest = col.items[col.items.length - 1].y;           // canvas y grows downward
      if (k > 0) {
        const dy = columns[k - 1].lowest - col.lowest;          // > 0: the left one's lowest is lower
        out += Math.abs(dy) <= LEVEL_PX ? " = " : (dy > 0 ? " < " : " > ");
      }
      out += col.items.map(token).join("/");
    });
    return out;
  }

  function changed() { redraw(); input.value = notation(); }

  function choose(buttons, pressed) {
    for (const o of buttons) o.setAttribute("aria-pressed", String(o === pressed));
  }
  const lightButtons = document.querySelectorAll("#palette button[data-colour]");
  const shapeButtons = document.querySelectorAll("#shapes button[data-shape]");
  const all = [...lightButtons, ...shapeButtons];

  function startOver(kind) {
    if (items.length && (items[0].kind === "shape") !== (kind === "shape")) {
      items.length = 0;
      changed();
      if (status) status.textContent = "a new picture: " + (kind === "shape" ? "shapes by day" : "lights by night");
    }
  }

  canvas.addEventListener("click", function (ev) {
    const r = canvas.getBoundingClientRect();
    const x = (ev.clientX - r.left) * canvas.width / r.width;
    const y = (ev.clientY - r.top) * canvas.height / r.height;
    const hit = items.findIndex(it => Math.hypot(it.x - x, it.y - y) < 12);
    if (hit >= 0) items.splice(hit, 1);
    else if (tool.kind === "light") items.push({ x: x, y: y, kind: "light", colour: tool.colour, flashing: flashing });
    else items.push({ x: x, y: y, kind: "shape", shape: tool.shape, colour: tool.colour });
    changed();
  });
  for (const b of lightButtons) {
    b.addEventListener("click", function () {
      startOver("light");
      tool = { kind: "light", colour: b.dataset.colour, shape: "O" };
      choose(all, b);
      redraw();
    });
  }
  for (const b of shapeButtons) {
    b.addEventListener("click", function () {
      startOver("shape");
      const key = b.dataset.shape;
      tool = key === "white-blue-flag" ? { kind: "shape", shape: "flag", colour: "white-blue" }
        : { kind: "shape", shape: key, colour: "black" };
      choose(all, b);
      redraw();
    });
  }
  const flash = document.getElementById("flashing");
  if (flash) {
    flash.addEventListener("click", function () {
      flashing = !flashing;
      flash.setAttribute("aria-pressed", String(flashing));
    });
  }
  document.getElementById("undo").addEventListener("click", function () { items.pop(); changed(); });
  document.getElementById("clear").addEventListener("click", function () { items.length = 0; redraw(); input.value = ""; });

  // One typed item -> what the canvas draws, or null where it cannot (the server reads it anyway).
  function parseItem(text) {
    const t = text.toLowerCase();
    const light = /^(white|red|green|yellow|blue|[wrgyb])(\*|f)?$/.exec(t);
    if (light) return { kind: "light", colour: NAMES[light[1]], flashing: Boolean(light[2]) };
    const shape = /^(?:(white-blue|white|red|green|yellow|blue|black|[wrgybk])-)?(ball|diamond|cone-up|cone-down|double-cone|cylinder|basket|flag|[od^vx])$/.exec(t);
    if (!shape) return null;
    const colour = !shape[1] ? "black" : ({ k: "black" })[shape[1]] || NAMES[shape[1]] || shape[1];
    return { kind: "shape", shape: SHAPES[shape[2]], colour: colour };
  }

  // Draw a typed notation so the canvas shows the picture asked about after a reload.
  function fromNotation(text) {
    const parts = text.trim().split(/\s*([<>=,]|\s)\s*/).filter(t => t !== "" && t !== " ");
    const cols = [];
    const rels = [];
    for (const t of parts) {
      if (t === "<" || t === ">" || t === "=") { rels[cols.length - 1] = t; continue; }
      if (t === ",") continue;
      const col = t.split("/").map(parseItem);
      if (col.some(it => !it)) return [];
      cols.push(col);
    }
    const out = [];
    const step = canvas.width / (cols.length + 1);
    let base = canvas.height * 0.7;
    cols.forEach(function (col, k) {
      if (k > 0) {
        const r = rels[k - 1];
        base += r === "<" ? -40 : (r === ">" ? 40 : 0);     // '<': the left one lower, so this one higher
        base = Math.min(Math.max(base, 20 + (col.length - 1) * 28), canvas.height - 20);
      }
      col.forEach(function (it, i) {
        out.push(Object.assign(it, { x: step * (k + 1), y: base - (col.length - 1 - i) * 28 }));
      });
    });
    const kinds = new Set(out.map(it => it.kind));
    return kinds.size > 1 ? [] : out;
  }
  if (input.value) {
    for (const it of fromNotation(input.value)) items.push(it);
    if (items.length && items[0].kind === "shape") {
      tool = { kind: "shape", shape: "O", colour: "black" };
      choose(all, shapeButtons[0]);
    }
  }
  redraw();

  // "Show more": the next lines of the answer, appended in place; the link's address is the next page otherwise.
  function showMore() {
    const more = document.getElementById("show-more");
    const list = document.getElementById("lines");
    if (!more || !list || !more.dataset.lines) return;
    more.addEventListener("click", function (ev) {
      ev.preventDefault();
      more.setAttribute("aria-busy", "true");
      const before = list.children.length;
      fetch(more.dataset.lines, { headers: { Accept: "text/html" } }).then(function (r) {
        if (!r.ok) throw new Error("status " + r.status);
        return r.text();
      }).then(function (html) {
        list.insertAdjacentHTML("beforeend", html);
        const start = Number(list.getAttribute("start") || 1) - 1;
        const shown = start + list.children.length;
        const total = Number(more.dataset.total);
        const fresh = list.children[before];
        const head = fresh && fresh.querySelector(".hyp-head");
        if (head) { head.setAttribute("tabindex", "-1"); head.focus(); }
        if (shown >= total) { more.parentElement.remove(); return; }
        const next = new URL(more.dataset.lines, window.location.href);
        const limit = Number(next.searchParams.get("limit") || 20);
        next.searchParams.set("offset", String(shown));
        more.dataset.lines = next.pathname + next.search;
        const page = new URL(more.href, window.location.href);
        page.searchParams.set("offset", String(shown));
        more.href = page.pathname + page.search;
        more.textContent = "Show " + Math.min(limit, total - shown) + " more";
      }).catch(function () {
        window.location.href = more.href;              // the next page, as without a script
      }).finally(function () { more.removeAttribute("aria-busy"); });
    });
  }
})();
