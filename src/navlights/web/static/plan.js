// Check a plan: a chosen file is read into the text box (nothing is sent until "Check").
(function () {
  var input = document.getElementById("plan-file");
  var text = document.getElementById("plan-text");
  if (!input || !text) return;
  input.addEventListener("change", function () {
    var f = input.files && input.files[0];
    if (!f) return;
    f.text().then(function (t) { text.value = t; });
  });
})();
