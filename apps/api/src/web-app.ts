import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

export interface WebAppOptions {
  distDir: string;
  appName: string;
}

/** Paths that belong to the API even when a browser navigates to them. */
const apiOnly = /^\/(api|health)(\/|$)/;

function injectConfig(html: string, appName: string): string {
  const config = JSON.stringify({ appName, apiBase: '', aiBase: '' }).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script>window.__APP_CONFIG__=${config}</script></head>`);
}

/** CSP hashes of the page's inline scripts (theme and config), so no 'unsafe-inline' is needed. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const digest = createHash('sha256').update(match[1] ?? '').digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/**
 * Serves the built web app from the API's origin. Page routes share prefixes with API
 * routes (/auth/customer vs POST /auth/login, /projects/:id/robots vs GET /projects), so
 * a GET that asks for HTML gets the app, and everything else falls through to the API.
 */
export function createWebApp(
  options: WebAppOptions,
): { assets: Router; pages: RequestHandler; scriptHashes: string[] } | null {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = injectConfig(readFileSync(indexFile, 'utf8'), options.appName);

  const assets = express.Router();
  // Precompressed variants written at build time (apps/web/scripts/precompress.mjs).
  const assetsDir = path.join(options.distDir, 'assets');
  const variants = new Set(existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => /\.(br|gz)$/.test(f)) : []);
  assets.use('/assets', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (name.includes('/') || !name) return next();
    const encoding = req.acceptsEncodings('br', 'gzip');
    const suffix = encoding === 'br' ? 'br' : encoding === 'gzip' ? 'gz' : null;
    if (!suffix || !variants.has(`${name}.${suffix}`)) return next();
    res.setHeader('Content-Encoding', encoding as string);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(path.extname(name));
    res.sendFile(path.join(assetsDir, `${name}.${suffix}`));
  });
  assets.use(
    '/assets',
    express.static(path.join(options.distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  assets.use(express.static(options.distDir, { index: false, maxAge: '1h' }));

  const htmlBr = brotliCompressSync(html);
  const htmlGz = gzipSync(html);
  const pages: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (apiOnly.test(req.path)) return next();
    if (req.accepts(['json', 'html']) !== 'html') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept, Accept-Encoding');
    res.type('html');
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding === 'br' || encoding === 'gzip') {
      res.setHeader('Content-Encoding', encoding);
      res.send(encoding === 'br' ? htmlBr : htmlGz);
      return;
    }
    res.send(html);
  };
  return { assets, pages, scriptHashes: inlineScriptHashes(html) };
}
