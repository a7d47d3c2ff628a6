// The navlights site: the search dialog has a name for a screen reader (Material's leaves it unnamed).
(function () {
  var search = document.querySelector(".md-search[role=dialog]");
  if (search && !search.hasAttribute("aria-label")) {
    search.setAttribute("aria-label", "Search the documentation");
  }
})();
