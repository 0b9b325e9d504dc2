import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { pino } from 'pino';
import { createPerceptionApp } from './app';
import { resolveFfmpeg } from './ffmpeg';

const logger = pino({ level: 'silent' });

describe('perception service', () => {
  it('reports the ffmpeg it will use on /health', async () => {
    const tools = await resolveFfmpeg();
    const res = await request(createPerceptionApp({ logger, tools })).get('/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.ffmpeg.ffmpeg).toMatch(/^ffmpeg version /);
    expect(res.body.ffmpeg.ffprobe).toMatch(/^ffprobe version /);
  });

  it('falls back to the npm-shipped binaries when no system ffmpeg is on PATH', async () => {
    const tools = await resolveFfmpeg({ PATH: '/nonexistent' });
    expect(tools.source).toBe('npm');
    expect(tools.ffmpeg).toContain('@ffmpeg-installer');
  });

  it('prefers FFMPEG_PATH/FFPROBE_PATH', async () => {
    expect(await resolveFfmpeg({ FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe' })).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
      source: 'env',
    });
  });

  it('answers 503 when ffmpeg is broken, and JSON 404 for unknown routes', async () => {
    const app = createPerceptionApp({ logger, tools: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe', source: 'env' } });
    expect((await request(app).get('/health').expect(503)).body.code).toBe('SERVICE_UNAVAILABLE');
    expect((await request(app).post('/nope').expect(404)).body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
