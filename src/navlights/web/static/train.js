// navlights training: keys 1-4 answer, Enter or N goes to the next question (or back to practice after an exam).
"use strict";
document.addEventListener("keydown", function (ev) {
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA", "BUTTON", "A"].includes(ev.target.tagName) && ev.key === "Enter") return;
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const n = Number(ev.key);
  if (n >= 1 && n <= 9) {
    const b = document.getElementById("choice-" + (n - 1));
    if (b) { b.click(); ev.preventDefault(); }
  } else if (ev.key === "Enter" || ev.key === "n") {
    const next = document.getElementById("next") || document.getElementById("practice");
    if (next) { next.click(); ev.preventDefault(); }
  }
});
// the topic list belongs to the edition: switching the edition starts from all of its situations
const edition = document.querySelector("#topic-form #f-edition");
if (edition) {
  edition.addEventListener("change", function () {
    const topic = document.getElementById("f-topic");
    if (topic) topic.value = "all";
  });
}
