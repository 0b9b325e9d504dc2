import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
  source: 'env' | 'system' | 'npm';
}

async function works(bin: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    await run(bin, ['-version'], { timeout: 10_000, env: { PATH: env.PATH ?? '' } });
    return true;
  } catch {
    return false;
  }
}

function npmBinary(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string | null {
  try {
    const mod = require(pkg) as { path?: string };
    return mod.path && existsSync(mod.path) ? mod.path : null;
  } catch {
    return null;
  }
}

/**
 * FFMPEG_PATH/FFPROBE_PATH first, then a system ffmpeg on PATH (Debian's is patched and
 * newer), then the static builds shipped inside npm packages as the zero-setup fallback.
 */
export async function resolveFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<FfmpegTools> {
  if (env.FFMPEG_PATH && env.FFPROBE_PATH) return { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH, source: 'env' };
  if ((await works('ffmpeg', env)) && (await works('ffprobe', env))) return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'system' };
  const ffmpeg = npmBinary('@ffmpeg-installer/ffmpeg');
  const ffprobe = npmBinary('@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe) throw new Error('No ffmpeg found: install ffmpeg or set FFMPEG_PATH and FFPROBE_PATH');
  return { ffmpeg, ffprobe, source: 'npm' };
}

export async function toolVersion(bin: string): Promise<string> {
  const { stdout } = await run(bin, ['-version'], { timeout: 10_000 });
  return stdout.split('\n')[0]?.trim() ?? 'unknown';
}
