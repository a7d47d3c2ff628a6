// Print: the page's own address at the foot of the printout (Explore keeps its aspect in the address bar, so the
// address is read when the page is printed, not when it was written). A kept result's address is written by the
// server and left as it is.
(function () {
  var foot = document.getElementById("print-foot");
  var where = foot && foot.querySelector(".print-address");
  if (!where || where.textContent) return;
  function fill() { where.textContent = location.href; }
  fill();
  window.addEventListener("beforeprint", fill);
  window.addEventListener("popstate", fill);
})();
