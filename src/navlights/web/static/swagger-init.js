// Swagger UI for /openapi.json, served from this app (the swagger-ui-bundle-v2 package's files): no CDN,
// no inline script, so the page keeps the app's Content-Security-Policy.
"use strict";
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true});
});
