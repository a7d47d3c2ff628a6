// navlights identify page: place coloured lights on a small canvas; they become the typed notation.
"use strict";
(function () {
  const canvas = document.getElementById("sky");
  const input = document.getElementById("f-notation");
  if (!canvas || !input) return;
  const ctx = canvas.getContext("2d");
  const COLOURS = { white: "#f4f1e6", red: "#ff3b3b", green: "#19e68c", yellow: "#ffd23f", blue: "#4d8dff" };
  let colour = "white";
  const lights = [];

  function draw() {
    ctx.fillStyle = "#0d1b2e";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = "#2a3d5c";
    ctx.beginPath(); ctx.moveTo(0, canvas.height * 0.8); ctx.lineTo(canvas.width, canvas.height * 0.8); ctx.stroke();
    for (const l of lights) {
      const g = ctx.createRadialGradient(l.x, l.y, 0, l.x, l.y, 14);
      g.addColorStop(0, COLOURS[l.colour]); g.addColorStop(1, "rgba(0,0,0,0)");
      ctx.fillStyle = g; ctx.beginPath(); ctx.arc(l.x, l.y, 14, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = COLOURS[l.colour]; ctx.beginPath(); ctx.arc(l.x, l.y, 4, 0, 2 * Math.PI); ctx.fill();
    }
  }

  const LETTER = { white: "W", red: "R", green: "G", yellow: "Y", blue: "B" };
  const COLUMN_PX = 14;   // lights closer than this across the canvas stand in one vertical line
  const LEVEL_PX = 10;    // lowest lights closer than this in height are level

  // The notation of the placed lights: left to right; a vertical line top first with '/';
  // between neighbouring lines '<' (the left one's lowest light is lower), '>' (higher) or '='.
  function notation() {
    const sorted = lights.slice().sort((a, b) => a.x - b.x);
    const columns = [];
    for (const l of sorted) {
      const col = columns[columns.length - 1];
      if (col && Math.abs(l.x - col.x) <= COLUMN_PX) {
        col.lights.push(l);
        col.x = col.lights.reduce((s, m) => s + m.x, 0) / col.lights.length;
      } else {
        columns.push({ x: l.x, lights: [l] });
      }
    }
    let out = "";
    columns.forEach(function (col, k) {
      col.lights.sort((a, b) => a.y - b.y);                    // top first
      col.lowest = col.lights[col.lights.length - 1].y;         // canvas y grows downward
      if (k > 0) {
        const prev = columns[k - 1];
        const dy = prev.lowest - col.lowest;                    // > 0: the left one's lowest is lower
        out += Math.abs(dy) <= LEVEL_PX ? " = " : (dy > 0 ? " < " : " > ");
      }
      out += col.lights.map(l => LETTER[l.colour]).join("/");
    });
    return out;
  }

  canvas.addEventListener("click", function (ev) {
    const r = canvas.getBoundingClientRect();
    const x = (ev.clientX - r.left) * canvas.width / r.width;
    const y = (ev.clientY - r.top) * canvas.height / r.height;
    const hit = lights.findIndex(l => Math.hypot(l.x - x, l.y - y) < 10);
    if (hit >= 0) lights.splice(hit, 1); else lights.push({ x: x, y: y, colour: colour });
    draw();
    input.value = notation();
  });
  for (const b of document.querySelectorAll("#palette button[data-colour]")) {
    b.addEventListener("click", function () {
      colour = b.dataset.colour;
      for (const o of document.querySelectorAll("#palette button[data-colour]")) o.setAttribute("aria-pressed", String(o === b));
    });
  }
  document.getElementById("undo").addEventListener("click", function () { lights.pop(); draw(); input.value = notation(); });
  document.getElementById("clear").addEventListener("click", function () { lights.length = 0; draw(); input.value = ""; });
  // Draw a typed notation (lights only) so the canvas shows the picture asked about after a reload.
  function fromNotation(text) {
    const parts = text.trim().split(/\s*([<>=,]|\s)\s*/).filter(t => t !== "" && t !== " ");
    const cols = [];
    const rels = [];
    for (const t of parts) {
      if (t === "<" || t === ">" || t === "=") { rels[cols.length - 1] = t; continue; }
      if (t === ",") continue;
      const names = t.split("/").map(x => ({ w: "white", r: "red", g: "green", y: "yellow", b: "blue",
        white: "white", red: "red", green: "green", yellow: "yellow", blue: "blue" })[x.toLowerCase()]);
      if (names.some(n => !n)) return [];
      cols.push(names);
    }
    const out = [];
    const step = canvas.width / (cols.length + 1);
    let base = canvas.height * 0.7;
    cols.forEach(function (names, k) {
      if (k > 0) {
        const r = rels[k - 1];
        base += r === "<" ? -40 : (r === ">" ? 40 : 0);     // '<': the left one lower, so this one higher
        base = Math.min(Math.max(base, 20 + (names.length - 1) * 28), canvas.height - 20);
      }
      names.forEach(function (c, i) {
        out.push({ x: step * (k + 1), y: base - (names.length - 1 - i) * 28, colour: c });
      });
    });
    return out;
  }
  if (input.value) {
    for (const l of fromNotation(input.value)) lights.push(l);
  }
  draw();
})();
