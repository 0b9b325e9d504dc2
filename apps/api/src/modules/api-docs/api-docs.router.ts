import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import { buildOpenApiDocument } from '@cellforge/contracts/openapi';
import { notFound } from '../../lib/errors';

/** The reference page's files from swagger-ui-dist, by the name they are served under. */
export const API_DOCS_ASSETS = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
  'favicon-32x32.png': 'image/png',
} as const;

/** Starts Swagger UI on the page's element; a served file, so the page needs no inline script (CSP scriptSrc 'self'). */
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    tryItOutEnabled: false,
    validatorUrl: null,
    persistAuthorization: false,
  });
});
`;

const page = (appName: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${appName.replace(/[<>&"]/g, '')} API reference</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript>The reference needs JavaScript; the document itself is <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="api-reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/**
 * GET /api/openapi.json (the document, built once from the contracts' route table) and
 * GET /api/docs (Swagger UI from the swagger-ui-dist package: every file from this origin,
 * so it works offline and under the app's CSP).
 */
export function createApiDocsRouter(options: { appName: string }): Router {
  const router = Router();
  let document: { body: string; etag: string } | undefined;
  const documentBody = () => {
    if (!document) {
      const body = JSON.stringify(buildOpenApiDocument({ title: `${options.appName} API` }));
      document = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return document;
  };
  const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const html = page(options.appName);

  router.get('/api/openapi.json', (req, res) => {
    const { body, etag } = documentBody();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body);
  });

  router.get('/api/docs', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  });

  router.get('/api/docs/:file', (req, res) => {
    const file = String(req.params.file);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    if (file === 'init.js') {
      res.type('text/javascript').send(INIT_JS);
      return;
    }
    if (!Object.hasOwn(API_DOCS_ASSETS, file)) throw notFound(`File ${file}`);
    // `root`: the package sits under node_modules/.pnpm, a dot folder send() would refuse in a full path.
    res.sendFile(file, { root: distDir, headers: { 'Content-Type': API_DOCS_ASSETS[file as keyof typeof API_DOCS_ASSETS] } });
  });

  return router;
}
