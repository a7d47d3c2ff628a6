// Encounter: a chosen file is read into the text box (nothing is sent until "Show the timeline").
(function () {
  var input = document.getElementById("tracks-file");
  var text = document.getElementById("tracks-text");
  if (!input || !text) return;
  input.addEventListener("change", function () {
    var f = input.files && input.files[0];
    if (!f) return;
    f.text().then(function (t) { text.value = t; });
  });
})();
