// navlights: helpers shared by the pages (plain JS, no build step).
"use strict";

// Give an SVG document's ids a prefix, so several pictures can live in one page without
// their gradients colliding (the renderer numbers its gradients from 0 in every picture).
function scopeSvgIds(svgText, prefix) {
  return svgText
    .replace(/\bid="([^"]+)"/g, 'id="' + prefix + '-$1"')
    .replace(/url\(#([^)]+)\)/g, "url(#" + prefix + "-$1)")
    .replace(/\bhref="#([^"]+)"/g, 'href="#' + prefix + '-$1"');
}
