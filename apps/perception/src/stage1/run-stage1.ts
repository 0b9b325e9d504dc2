import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { stage1ResultsSchema, type RegionOfInterest, type Stage1Request, type VideoCycle } from '@cellforge/contracts';
import { extractZip, isStorageError, isZipError, sniffFileType, type SniffedFileType } from '@cellforge/storage';
import { cycleTiming, detectCycle, LOW_CYCLE_CONFIDENCE, passerByMasks, toChannelsIndexed, type CycleResult } from '../analysis/cycle';
import { keyFrameKey, pickKeyFrame, storeKeyFrame } from '../analysis/keyframes';
import { analyzeMotion, type MotionTrack } from '../analysis/motion';
import { probeVideo, type VideoProbe } from '../analysis/probe';
import { segmentActivities, type MotionLevel } from '../analysis/segments';
import { defined, nth } from '../checked';
import type { JobContext } from '../context';
import { PerceptionError } from '../errors';
import { findManifest, isIgnoredEntry, readManifest, type Manifest } from '../manifest';
import { deleteQuietly, jobKeys, jobPointerKey, storageFailure, writeJson } from '../results-store';
import { activityDescription, activityName, formatClock } from './describe';
import { labelKeyFrame } from './vision';

export const VIDEO_FILE_EXTENSIONS = ['.mp4', '.mov', '.m4v', '.mkv', '.avi'] as const;
/** Vision calls per job, at most (cost and time bound); later activities keep measured names. */
export const MAX_LABELLED_FRAMES = 40;

/** One activity as stage 1 answers it: the contract's fields, then our measurements. */
export interface Stage1Activity {
  activity_name: string;
  description: string;
  start_s: number;
  end_s: number;
  duration_s: number;
  /** Object key of the JPEG in the result bucket, or null when none could be taken. */
  key_frame: string | null;
  motion_level: MotionLevel;
  mean_motion: number;
  cycle_time_s: number | null;
  cycle_count: number | null;
  /** 0-1, how clearly it repeats at cycle_time_s; null without a cycle. */
  cycle_confidence: number | null;
  /** The video (file name) this activity comes from. */
  video: string;
  /** The vision model that named it, or null for the measured name. */
  labelled_by: string | null;
}

export interface VideoSummary {
  name: string;
  duration_s: number;
  analyzed_s: number;
  fps: number | null;
  width: number;
  height: number;
  codec: string;
  format: string;
  scene_changes: number;
  activities: number;
  /** The whole video's cycle period (else the longest repeating activity's); null when nothing repeats. */
  cycle_time_s: number | null;
  cycle: VideoCycle | null;
  region_of_interest: RegionOfInterest | null;
  camera_shift_px: number;
  lighting_variation_pct: number;
}

export interface Stage1Output {
  project_id: string;
  job_id: string;
  extracted_activities: Stage1Activity[];
  extracted_payloads: { name: string; weight_kg: number | null; dimensions_mm: number[] | null }[];
  extracted_workstations: ({ name: string; dimensions_mm?: number[] | null } & Record<string, unknown>)[];
  notes: string | null;
  /** The cycle of the longest video that repeats (else of the longest repeating activity); null when none does. */
  cycle_time_s: number | null;
  cycle: VideoCycle | null;
  /** The first (usually only) video. */
  video: VideoSummary;
  videos: VideoSummary[];
  warnings: string[];
  analyzed_at: string;
  processing_s: number;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function slice<T>(items: T[], times: number[], start: number, end: number): T[] {
  const from = times.findIndex((t) => t >= start);
  const to = times.findIndex((t) => t > end);
  return from < 0 ? [] : items.slice(from, to < 0 ? items.length : to);
}

async function fetchUpload(ctx: JobContext, req: Stage1Request, file: string): Promise<void> {
  const where = `${req.bucket_name}/${req.object_key}`;
  try {
    const info = await ctx.storage.headObject(req.bucket_name, req.object_key);
    if (info.size > ctx.config.maxObjectBytes) {
      throw new PerceptionError('PAYLOAD_TOO_LARGE', `The upload ${where} is ${info.size} bytes; at most ${ctx.config.maxObjectBytes} are analysed`);
    }
    await pipeline(await ctx.storage.getObjectStream(req.bucket_name, req.object_key), createWriteStream(file), { signal: ctx.signal });
  } catch (err) {
    if (err instanceof PerceptionError) throw err;
    if (isStorageError(err, 'OBJECT_NOT_FOUND')) throw new PerceptionError('OBJECT_NOT_FOUND', `No uploaded file at ${where}`);
    if (isStorageError(err, 'INVALID_BUCKET_NAME')) throw new PerceptionError('VALIDATION_FAILED', err.message, { bucket_name: [err.message] });
    if (isStorageError(err, 'INVALID_OBJECT_KEY')) throw new PerceptionError('VALIDATION_FAILED', err.message, { object_key: [err.message] });
    if ((err as Error)?.name === 'AbortError') throw err;
    throw storageFailure(err, `fetching ${where}`);
  }
}

async function sniffFile(file: string): Promise<SniffedFileType> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    return sniffFileType(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

interface VideoInput {
  name: string;
  file: string;
}

interface Inputs {
  videos: VideoInput[];
  manifest: Manifest | null;
  warnings: string[];
}

async function unpack(ctx: JobContext, req: Stage1Request, workDir: string): Promise<Inputs> {
  const input = path.join(workDir, 'upload');
  await fetchUpload(ctx, req, input);
  const type = await sniffFile(input);
  const uploadName = path.posix.basename(req.object_key);
  if (type !== 'zip') {
    return { videos: [{ name: uploadName, file: input }], manifest: null, warnings: type === 'unknown' ? [`${uploadName} is not an MP4/MOV file by its content; it was tried as a video anyway.`] : [] };
  }
  let files;
  try {
    files = await extractZip(input, path.join(workDir, 'zip'), ctx.config.zipLimits);
  } catch (err) {
    if (isZipError(err)) throw new PerceptionError(err.code, err.message);
    throw err;
  }
  const warnings: string[] = [];
  const usable = files.filter((f) => !isIgnoredEntry(f.name));
  const videos = usable
    .filter((f) => (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(path.posix.extname(f.name).toLowerCase()))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((f) => ({ name: f.name, file: f.path }));
  if (!videos.length) {
    throw new PerceptionError('NO_VIDEO_FOUND', `The ZIP ${uploadName} holds no video (${VIDEO_FILE_EXTENSIONS.join(', ')})`);
  }
  const found = findManifest(usable.map((f) => f.name));
  let manifest: Manifest | null = null;
  if (found.json) {
    manifest = await readManifest(defined(usable.find((f) => f.name === found.json), `the file ${found.json}`).path, found.json);
  } else if (found.unsupported) {
    warnings.push(`${found.unsupported} was ignored: write the manifest as manifest.json (JSON).`);
  }
  return { videos, manifest, warnings };
}

interface AnalysedVideo {
  summary: VideoSummary;
  activities: Stage1Activity[];
  frames: Map<number, string>; // activity number -> local JPEG
}

/** Camera shift (share of the width) and brightness variation above which stage 1 warns. */
export const CAMERA_WARNING_PCT = 0.5;
export const LIGHTING_WARNING_PCT = 1.5;

export function confidenceLevel(confidence: number): VideoCycle['confidence_level'] {
  if (confidence < LOW_CYCLE_CONFIDENCE) return 'low';
  return confidence < 0.75 ? 'medium' : 'high';
}

/** The video-level cycle: every cell over the whole analysed span, so a cycle longer than any activity is found too. */
export function videoCycle(track: MotionTrack, masks: Uint8Array[] | null = passerByMasks(track.cells, track.cols, track.rows)): VideoCycle | null {
  const { channels, cells } = toChannelsIndexed(track.cells);
  const usable = masks ? cells.map((c) => nth(masks, c)) : undefined;
  const cycle = detectCycle(channels, track.sampleFps, {}, usable);
  if (!cycle) return null;
  const timing = cycleTiming(
    cycle.supporting.map((i) => nth(channels, i)),
    track.sampleFps,
    cycle.period_s,
    usable ? cycle.supporting.map((i) => nth(usable, i)) : undefined,
  );
  // sample k is the difference ending at frame k+1: times are half a sample in
  const offset = track.times[0] ?? 0;
  return {
    period_s: round(cycle.period_s),
    confidence: round(cycle.confidence),
    confidence_level: confidenceLevel(cycle.confidence),
    cycle_count: cycle.cycles,
    repeats: round(cycle.repeats, 1),
    starts_s: timing.starts_s.map((t) => round(t + offset)),
    durations_s: timing.durations_s,
    regions_used: cycle.regions_used,
    regions_total: cycle.regions_total,
  };
}

async function analyseVideo(ctx: JobContext, req: Stage1Request, video: VideoInput, workDir: string, firstNumber: number, multi: boolean, warnings: string[], region: RegionOfInterest | null): Promise<AnalysedVideo> {
  const probe: VideoProbe = await probeVideo(ctx.tools, video.file, video.name, ctx.signal);
  const thumbnailDir = path.join(workDir, `frames-${firstNumber}`);
  await mkdir(thumbnailDir, { recursive: true });
  const track: MotionTrack = await analyzeMotion(ctx.tools, video.file, probe, {
    thumbnailDir,
    maxSeconds: ctx.config.maxVideoSeconds,
    signal: ctx.signal,
    name: video.name,
    region,
    shiftMethod: ctx.config.shiftMethod,
  });
  const duration = probe.duration_s ?? track.analyzed_s;
  if (track.decode) {
    const declared = track.decode.declared_s;
    warnings.push(
      `${video.name} is cut short or damaged: only ${track.decode.decoded_s.toFixed(1)} s` +
        (declared ? ` of the ${Math.min(declared, ctx.config.maxVideoSeconds).toFixed(1)} s it declares` : '') +
        ` could be decoded${track.decode.error ? ` (${track.decode.error})` : ''}; the analysis covers those ${track.decode.decoded_s.toFixed(1)} s.`,
    );
  }
  if (duration > ctx.config.maxVideoSeconds) {
    warnings.push(`${video.name} is ${formatClock(duration)} long; only the first ${formatClock(ctx.config.maxVideoSeconds)} were analysed.`);
  }
  const { stability } = track;
  if (stability.camera_shift_pct >= CAMERA_WARNING_PCT && stability.camera_moving_share >= 0.1) {
    warnings.push(
      `${video.name}: camera moving: the picture shifted by up to ${stability.camera_shift_px.toFixed(1)} px (${stability.camera_shift_pct.toFixed(1)} % of the width) from its middle position. ` +
        'Frames were aligned before measuring motion; a steady camera (tripod or clamp) measures better.',
    );
  }
  if (stability.lighting_variation_pct >= LIGHTING_WARNING_PCT) {
    warnings.push(
      `${video.name}: lighting unstable: the brightness varied by ±${stability.lighting_variation_pct.toFixed(1)} % (flicker or automatic exposure). ` +
        'Brightness changes were removed before measuring motion.',
    );
  }
  const masks = passerByMasks(track.cells, track.cols, track.rows);
  const cycleOfVideo = videoCycle(track, masks);
  if (cycleOfVideo && cycleOfVideo.confidence_level === 'low') {
    warnings.push(
      `${video.name}: the cycle of ${cycleOfVideo.period_s.toFixed(1)} s is uncertain (confidence ${cycleOfVideo.confidence.toFixed(2)}, ${cycleOfVideo.repeats} repeats seen); ` +
        'film at least three full cycles, or check it before it is used.',
    );
  }
  const segments = segmentActivities({
    times: track.times,
    energy: track.energy,
    sceneCuts: track.sceneCuts,
    duration_s: track.analyzed_s,
    sampleFps: track.sampleFps,
  });
  const frames = new Map<number, string>();
  const activities = segments.map((seg, i): Stage1Activity => {
    const n = firstNumber + i;
    const from = track.times.findIndex((t) => t >= seg.start_s);
    const { channels, cells } = toChannelsIndexed(slice(track.cells, track.times, seg.start_s, seg.end_s));
    const usable = masks && from >= 0 ? cells.map((c) => nth(masks, c).subarray(from, from + nth(channels, 0).length)) : undefined;
    const cycle: CycleResult | null = channels.length ? detectCycle(channels, track.sampleFps, { maxPeriod_s: 60 }, usable) : null;
    const thumb = pickKeyFrame(track.thumbnails, seg.start_s, seg.end_s);
    if (thumb) frames.set(n, thumb.file);
    return {
      activity_name: activityName(n, seg.start_s, seg.end_s, seg.level),
      description: activityDescription({ ...seg, cycle, video: multi ? video.name : undefined }),
      start_s: round(seg.start_s),
      end_s: round(seg.end_s),
      duration_s: round(seg.end_s - seg.start_s),
      key_frame: thumb ? keyFrameKey(req.project_id, req.job_id, n) : null,
      motion_level: seg.level,
      mean_motion: round(seg.mean_motion),
      cycle_time_s: cycle ? round(cycle.period_s) : null,
      cycle_count: cycle ? cycle.cycles : null,
      cycle_confidence: cycle ? round(cycle.confidence) : null,
      video: video.name,
      labelled_by: null,
    };
  });
  return {
    summary: {
      name: video.name,
      duration_s: round(duration),
      analyzed_s: round(track.analyzed_s),
      fps: probe.fps === null ? null : round(probe.fps, 3),
      width: probe.width,
      height: probe.height,
      codec: probe.codec,
      format: probe.format,
      scene_changes: segments.filter((s) => s.starts_with === 'scene_change').length,
      activities: activities.length,
      cycle_time_s: cycleOfVideo?.period_s ?? longestCycle(activities),
      cycle: cycleOfVideo,
      region_of_interest: region,
      camera_shift_px: stability.camera_shift_px,
      lighting_variation_pct: stability.lighting_variation_pct,
    },
    activities,
    frames,
  };
}

function longestCycle(activities: Stage1Activity[]): number | null {
  const repeating = activities.filter((a) => a.cycle_time_s !== null).sort((a, b) => b.duration_s - a.duration_s);
  return repeating[0]?.cycle_time_s ?? null;
}

/** Names activities from their key frames with the configured vision model; failures keep the measured names. */
async function labelActivities(ctx: JobContext, activities: Stage1Activity[], jpegs: Map<number, Buffer>, warnings: string[]): Promise<void> {
  const vision = ctx.config.vision;
  if (!vision) return;
  let failures = 0;
  let lastError = '';
  const queue = activities.map((activity, i) => ({ activity, n: i + 1 })).slice(0, MAX_LABELLED_FRAMES);
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const jpeg = jpegs.get(item.n);
      if (!jpeg || ctx.signal?.aborted) continue;
      const { activity } = item;
      try {
        const label = await labelKeyFrame(ctx.fetch, vision, jpeg, `Activity ${item.n}: ${activity.description}`, ctx.signal);
        const span = `${formatClock(activity.start_s)}-${formatClock(activity.end_s)}, ${activity.motion_level} motion`;
        activity.activity_name = `${label.label} (${span})`;
        activity.description = `${label.description ? `${label.description} ` : ''}(Named by ${vision.model} from one key frame.) ${activity.description}`;
        activity.labelled_by = vision.model;
      } catch (err) {
        failures += 1;
        lastError = (err as Error)?.message ?? String(err);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (failures) {
    ctx.logger.warn({ failures, lastError }, 'vision labelling failed for some key frames');
    warnings.push(`The vision model could not name ${failures} of ${Math.min(jpegs.size, MAX_LABELLED_FRAMES)} key frames (${lastError}); those keep their measured names.`);
  }
  if (activities.length > MAX_LABELLED_FRAMES) {
    warnings.push(`Only the first ${MAX_LABELLED_FRAMES} activities were named by the vision model; the others keep their measured names.`);
  }
}

/**
 * Stage 1: fetch the upload, unpack a ZIP safely, analyse every video (probe, motion,
 * activities, cycle, key frames), merge the manifest, optionally name activities with a
 * vision model, and save stage1.json. A new stage 1 clears the job's old confirmation.
 */
export async function runStage1(ctx: JobContext, req: Stage1Request): Promise<Stage1Output> {
  const started = Date.now();
  const workDir = await mkdtemp(path.join(ctx.config.tmpDir ?? tmpdir(), 'cellforge-stage1-'));
  try {
    const inputs = await unpack(ctx, req, workDir);
    const warnings = [...inputs.warnings];
    const analysed: AnalysedVideo[] = [];
    let next = 1;
    const region = req.region_of_interest ?? inputs.manifest?.region_of_interest ?? null;
    for (const video of inputs.videos) {
      const result = await analyseVideo(ctx, req, video, workDir, next, inputs.videos.length > 1, warnings, region);
      analysed.push(result);
      next += result.activities.length;
    }
    const activities = analysed.flatMap((v) => v.activities);
    const jpegs = new Map<number, Buffer>();
    for (const video of analysed) {
      for (const [n, file] of video.frames) {
        try {
          jpegs.set(n, await storeKeyFrame(ctx.storage, req.result_bucket, keyFrameKey(req.project_id, req.job_id, n), file));
        } catch (err) {
          throw storageFailure(err, `saving key frame ${n}`);
        }
      }
    }
    await labelActivities(ctx, activities, jpegs, warnings);

    const manifest = inputs.manifest;
    const mainCycle = analysed.map((v) => v.summary).filter((v) => v.cycle !== null).sort((a, b) => b.analyzed_s - a.analyzed_s)[0];
    const output: Stage1Output = {
      project_id: req.project_id,
      job_id: req.job_id,
      extracted_activities: activities,
      extracted_payloads: (manifest?.payloads ?? []).map((p) => ({ name: p.name, weight_kg: p.weight_kg ?? null, dimensions_mm: p.dimensions_mm ?? null })),
      extracted_workstations: (manifest?.workstations ?? []).map((w) => ({ ...w, dimensions_mm: w.dimensions_mm ?? null })),
      notes: manifest?.notes ?? null,
      cycle_time_s: mainCycle?.cycle_time_s ?? longestCycle(activities),
      cycle: mainCycle?.cycle ?? null,
      video: nth(analysed, 0).summary,
      videos: analysed.map((v) => v.summary),
      warnings,
      analyzed_at: ctx.clock().toISOString(),
      processing_s: round((Date.now() - started) / 1000, 1),
    };
    stage1ResultsSchema.parse(output); // our answer must satisfy the contract
    const keys = jobKeys(req.project_id, req.job_id);
    await deleteQuietly(ctx.storage, req.result_bucket, keys.confirmation);
    await deleteQuietly(ctx.storage, req.result_bucket, keys.stage2);
    await writeJson(ctx.storage, req.result_bucket, keys.stage1, output);
    await writeJson(ctx.storage, ctx.config.serviceBucket, jobPointerKey(req.project_id, req.job_id), {
      result_bucket: req.result_bucket,
      bucket_name: req.bucket_name,
      object_key: req.object_key,
      user_id: req.user_id,
      updated_at: output.analyzed_at,
    });
    return output;
  } finally {
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
