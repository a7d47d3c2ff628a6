// Sounds: the buttons that add an element to what was heard (typed or tapped); no build step.
(function () {
  "use strict";
  var input = document.getElementById("f-heard");
  if (!input) { return; }
  document.querySelectorAll("[data-heard]").forEach(function (b) {
    b.addEventListener("click", function () {
      var t = b.getAttribute("data-heard");
      if (!t) { input.value = ""; return; }
      input.value = input.value ? input.value + "-" + t : t;
      input.focus();
    });
  });
}());
