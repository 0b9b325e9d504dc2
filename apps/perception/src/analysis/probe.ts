import { PerceptionError } from '../errors';
import type { FfmpegTools } from '../ffmpeg';
import { runProcess, withoutPaths } from '../process';

/** What ffprobe says about a video, in display orientation. */
export interface VideoProbe {
  /** Null when the container does not say; the motion pass measures it then. */
  duration_s: number | null;
  start_s: number;
  fps: number | null;
  width: number;
  height: number;
  codec: string;
  rotation: number;
  frame_count: number | null;
  format: string;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  nb_frames?: string;
  start_time?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string; start_time?: string };
}

function rate(value: string | undefined): number | null {
  if (!value) return null;
  const [num, den] = value.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return null;
  const fps = den ? num / den : num;
  return fps > 0 && fps < 1000 ? fps : null;
}

function positive(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : null;
}

/** Reads ffprobe's JSON; null when there is no video stream (cover art does not count). */
export function parseProbe(json: FfprobeOutput): VideoProbe | null {
  const stream = json.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
  if (!stream) return null;
  const sideRotation = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const rotation = ((Math.round(Number(stream.tags?.rotate ?? sideRotation ?? 0)) % 360) + 360) % 360;
  const swap = rotation === 90 || rotation === 270;
  const width = stream.width ?? 0;
  const height = stream.height ?? 0;
  return {
    duration_s: positive(json.format?.duration) ?? positive(stream.duration),
    start_s: Number(json.format?.start_time ?? stream.start_time ?? 0) || 0,
    fps: rate(stream.avg_frame_rate) ?? rate(stream.r_frame_rate),
    width: swap ? height : width,
    height: swap ? width : height,
    codec: stream.codec_name ?? 'unknown',
    rotation,
    frame_count: positive(stream.nb_frames),
    format: json.format?.format_name ?? 'unknown',
  };
}

export async function probeVideo(tools: FfmpegTools, file: string, name: string, signal?: AbortSignal): Promise<VideoProbe> {
  const result = await runProcess(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
  let parsed: VideoProbe | null = null;
  if (result.code === 0) {
    try {
      parsed = parseProbe(JSON.parse(result.stdout.toString('utf8')) as FfprobeOutput);
    } catch {
      parsed = null;
    }
  }
  if (!parsed) {
    const why = result.code === 0 ? 'it has no video stream' : withoutPaths(result.stderrTail.at(-1) ?? `ffprobe exited with ${result.code}`, file);
    throw new PerceptionError('VIDEO_UNREADABLE', `"${name}" is not a readable video: ${why}`);
  }
  return parsed;
}
