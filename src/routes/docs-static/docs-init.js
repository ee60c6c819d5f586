// Starts Swagger UI on the docs page. A file served from 'self', not an inline <script>, so that the
// page works under a Content-Security-Policy of script-src 'self'.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    // Our own server: no "validator badge" call to swagger.io.
    validatorUrl: null,
  });
});
