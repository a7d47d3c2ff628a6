// navlights training: keys 1-4 answer, Enter or N goes to the next question.
"use strict";
document.addEventListener("keydown", function (ev) {
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  const n = Number(ev.key);
  if (n >= 1 && n <= 9) {
    const b = document.getElementById("choice-" + (n - 1));
    if (b) { b.click(); ev.preventDefault(); }
  } else if (ev.key === "Enter" || ev.key === "n") {
    const next = document.getElementById("next");
    if (next) { next.click(); ev.preventDefault(); }
  }
});
