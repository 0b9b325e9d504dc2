import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createWebApp } from './web-app';
import { defined } from './test/defined';

function buildDist() {
  const dist = mkdtempSync(path.join(tmpdir(), 'cf-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script>document.documentElement.classList.add("dark")</script></head><body><div id="root"></div></body></html>',
  );
  const js = 'console.log("app");'.repeat(200);
  writeFileSync(path.join(dist, 'assets', 'app-abc.js'), js);
  writeFileSync(path.join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dist, 'assets', 'app-abc.js.gz'), gzipSync(js));
  return { dist, js };
}

function app() {
  const { dist, js } = buildDist();
  const web = defined(createWebApp({ distDir: dist, appName: 'TestForge' }));
  const a = express();
  a.use(web.assets);
  a.use(web.pages);
  a.post('/auth/login', (_req, res) => {
    res.json({ api: true });
  });
  a.get('/projects', (_req, res) => {
    res.json({ api: true });
  });
  return { a, js, web };
}

/** A raw GET (no client-side decompression), to see the bytes as sent. */
async function rawGet(a: express.Express, urlPath: string, acceptEncoding: string, accept = '*/*') {
  const server = a.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: urlPath, headers: { 'accept-encoding': acceptEncoding, accept } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('web app serving', () => {
  it('sends pages to browsers and API answers to fetches on shared prefixes', async () => {
    const { a } = app();
    const page = await request(a).get('/auth/customer').set('Accept', 'text/html').set('Accept-Encoding', 'identity').expect(200);
    expect(page.text).toContain('window.__APP_CONFIG__={"appName":"TestForge"');
    const api = await request(a).get('/projects').set('Accept', 'application/json').expect(200);
    expect(api.body).toEqual({ api: true });
    await request(a).post('/auth/login').set('Accept', 'text/html').expect(200, { api: true });
  });

  it('answers unknown pages with the app and status 404, and page paths with the app whatever the Accept header (issue 15, item 15)', async () => {
    const { a, web } = app();
    a.get('/auth/me', (_req, res) => {
      res.json({ api: 'me' });
    });
    a.use(web.fallback);
    a.use((_req, res) => {
      res.status(404).json({ code: 'NOT_FOUND' });
    });
    for (const pathname of ['/no-such-page', '/catalogue', '/robots', '/auth/admin', '/robots/1/2']) {
      const res = await request(a).get(pathname).set('Accept', 'text/html').set('Accept-Encoding', 'identity').expect(404);
      expect(res.text, pathname).toContain('<div id="root">');
    }
    for (const accept of ['application/json', '*/*', 'text/plain']) {
      for (const pathname of ['/catalog', '/robots/123', '/auth/supplier', '/compare', '/']) {
        const res = await request(a).get(pathname).set('Accept', accept).set('Accept-Encoding', 'identity').expect(200);
        expect(res.type, `${pathname} ${accept}`).toBe('text/html');
      }
    }
    // Where API and pages share a prefix, a fetch still reaches the API.
    await request(a).get('/auth/me').set('Accept', 'application/json').expect(200, { api: 'me' });
    await request(a).get('/unknown').set('Accept', 'application/json').expect(404, { code: 'NOT_FOUND' });
  });

  it('serves precompressed assets by Accept-Encoding, and plain files otherwise', async () => {
    const { a, js } = app();
    const br = await rawGet(a, '/assets/app-abc.js', 'br, gzip');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body.length).toBeLessThan(js.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    const gz = await rawGet(a, '/assets/app-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const plain = await rawGet(a, '/assets/app-abc.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    const page = await rawGet(a, '/', 'br', 'text/html');
    expect(page.headers['content-encoding']).toBe('br');
    await request(a).get('/assets/missing.js').expect(404);
    // A traversal attempt is refused (express.static answers 403), never served.
    const traversal = await request(a).get('/assets/..%2findex.html');
    expect(traversal.status).toBe(403);
    expect(traversal.text).not.toContain('<div id="root">');
  });

  it("adds a known page's own chunks as modulepreload links, and nothing to other pages", async () => {
    const { dist } = buildDist();
    writeFileSync(
      path.join(dist, 'page-preloads.json'),
      JSON.stringify({
        '/': ['/assets/home-1.js', '/assets/page-2.js'],
        '/agent/:slug': ['/assets/agent-3.js'],
        '/evil': ['/assets/x.js"><script>alert(1)</script>'],
      }),
    );
    const web = defined(createWebApp({ distDir: dist, appName: 'TestForge' }));
    const a = express();
    a.use(web.pages);
    const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

    const home = await request(a).get('/').set('Accept', 'text/html').set('Accept-Encoding', 'identity').expect(200);
    expect(links(home.text)).toEqual(['/assets/home-1.js', '/assets/page-2.js']);
    expect(home.text).toMatch(/<link rel="modulepreload"[^>]+><\/head>/);
    const agent = await request(a).get('/agent/robotics-advisor/').set('Accept', 'text/html').set('Accept-Encoding', 'identity');
    expect(links(agent.text)).toEqual(['/assets/agent-3.js']);
    for (const other of ['/agent', '/agent/a/b', '/catalog', '/evil']) {
      const page = await request(a).get(other).set('Accept', 'text/html').set('Accept-Encoding', 'identity');
      expect(links(page.text), other).toEqual([]);
      expect(page.text).not.toContain('alert(1)');
    }
    // The compressed variants carry the same links.
    const br = await rawGet(a, '/', 'br', 'text/html');
    expect(links(brotliDecompressSync(br.body).toString())).toEqual(['/assets/home-1.js', '/assets/page-2.js']);
  });

  it('serves pages without preloads when the build wrote no page-preloads.json', async () => {
    const { a } = app();
    const home = await request(a).get('/').set('Accept', 'text/html').set('Accept-Encoding', 'identity').expect(200);
    expect(home.text).not.toContain('modulepreload');
  });

  it("puts the config where index.html marks it, before the page's own scripts that read it", async () => {
    const { dist } = buildDist();
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><!-- app-config: <script>window.__APP_CONFIG__={...}</script> here --><script>window.early=window.__APP_CONFIG__</script></head><body></body></html>',
    );
    const web = defined(createWebApp({ distDir: dist, appName: 'TestForge' }));
    const a = express();
    a.use(web.pages);
    const page = await request(a).get('/').set('Accept', 'text/html').set('Accept-Encoding', 'identity').expect(200);
    expect(page.text).toContain('<head><script>window.__APP_CONFIG__={"appName":"TestForge","apiBase":"","aiBase":""}</script><script>window.early');
    expect(page.text).not.toContain('app-config:');
    expect(web.scriptHashes).toHaveLength(2);
  });

  it('hashes the inline scripts for the CSP', () => {
    const { web } = app();
    expect(web.scriptHashes).toHaveLength(2);
    expect(web.scriptHashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});
