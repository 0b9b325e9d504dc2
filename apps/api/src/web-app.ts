import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { matchPagePath } from '@cellforge/contracts/constants';

export interface WebAppOptions {
  distDir: string;
  appName: string;
}

/** Paths that belong to the API even when a browser navigates to them. */
const apiOnly = /^\/(api|health|assets)(\/|$)/;
/** Prefixes where pages and API routes live side by side (/auth/customer and /auth/me). */
const sharedWithApi = /^\/(auth|projects|ai)(\/|$)/;

/** Where index.html wants the config (before its scripts that read it); else the end of <head>. */
const CONFIG_MARKER = /<!-- app-config:.*?-->/;

function injectConfig(html: string, appName: string): string {
  const config = JSON.stringify({ appName, apiBase: '', aiBase: '' }).replace(/</g, '\\u003c');
  const script = `<script>window.__APP_CONFIG__=${config}</script>`;
  return CONFIG_MARKER.test(html) ? html.replace(CONFIG_MARKER, script) : html.replace('</head>', `${script}</head>`);
}

/** A page pattern of dist/page-preloads.json and the chunks to preload with it. */
interface PagePreload {
  segments: string[];
  files: string[];
}

/**
 * dist/page-preloads.json, written by the web build (apps/web/src/app/preloaded-pages.ts):
 * URL pattern (`:name` is one segment) -> that page's own chunks. Missing or unreadable
 * means no preloads (the page still loads its chunks itself, one round trip later).
 */
function readPagePreloads(distDir: string): PagePreload[] {
  try {
    const data = JSON.parse(readFileSync(path.join(distDir, 'page-preloads.json'), 'utf8')) as unknown;
    if (typeof data !== 'object' || data === null) return [];
    return Object.entries(data).flatMap(([pattern, files]) =>
      pattern.startsWith('/') && Array.isArray(files) && files.every((f) => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f))
        ? [{ segments: pattern.split('/').filter(Boolean), files: files as string[] }]
        : [],
    );
  } catch {
    return [];
  }
}

function matchesPattern(segments: string[], pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  return parts.length === segments.length && segments.every((segment, i) => segment.startsWith(':') || segment === parts[i]);
}

function withPreloads(html: string, files: string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** The HTML of a page, as sent: plain, brotli and gzip. */
interface PageHtml {
  plain: string;
  br: Buffer;
  gz: Buffer;
}

function pageHtml(html: string): PageHtml {
  return { plain: html, br: brotliCompressSync(html), gz: gzipSync(html) };
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
): { assets: Router; pages: RequestHandler; fallback: RequestHandler; scriptHashes: string[] } | null {
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
  // Files at the root of the build (favicon.svg, page-preloads.json ...): looked up only for
  // one-segment paths with an extension, so API requests cost no file-system lookup.
  const rootFiles = express.static(options.distDir, { index: false, maxAge: '1h' });
  assets.use((req, res, next) => (/^\/[\w.-]+\.\w+$/.test(req.path) ? rootFiles(req, res, next) : next()));

  // Each known page gets its own chunks as modulepreload links, so they download with
  // the app's entry instead of after it has run; any other path gets the plain page.
  const plainPage = pageHtml(html);
  const preloaded = readPagePreloads(options.distDir).map(({ segments, files }) => ({ segments, page: pageHtml(withPreloads(html, files)) }));
  const pageFor = (pathname: string) => preloaded.find(({ segments }) => matchesPattern(segments, pathname))?.page ?? plainPage;

  const pages: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (apiOnly.test(req.path)) return next();
    const wantsHtml = req.accepts(['json', 'html']) === 'html';
    const known = matchPagePath(req.path) !== null;
    // A page path is the app whatever the client accepts. Under the prefixes the API shares with pages (GET /auth/me, GET /projects/:id) a
    // fetch goes to the API first; `fallback` serves the page if no API route answered.
    if (known ? !wantsHtml && sharedWithApi.test(req.path) : !wantsHtml) return next();
    // Unknown paths get the app (its router shows the not-found page) with a real 404.
    if (!known) res.status(404);
    sendPage(req, res);
  };
  const fallback: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || apiOnly.test(req.path) || matchPagePath(req.path) === null) return next();
    sendPage(req, res);
  };
  const sendPage = (req: Request, res: Response) => {
    const page = pageFor(req.path);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept, Accept-Encoding');
    res.type('html');
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding === 'br' || encoding === 'gzip') {
      res.setHeader('Content-Encoding', encoding);
      res.send(encoding === 'br' ? page.br : page.gz);
      return;
    }
    res.send(page.plain);
  };
  return { assets, pages, fallback, scriptHashes: inlineScriptHashes(html) };
}
