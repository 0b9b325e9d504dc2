import { readFile } from 'node:fs/promises';
import type { ObjectStorage } from '@cellforge/storage';
import type { Thumbnail } from './motion';

/** The candidate frame nearest the middle of [start, end], preferring one inside the span. */
export function pickKeyFrame(thumbnails: Thumbnail[], start_s: number, end_s: number): Thumbnail | null {
  if (!thumbnails.length) return null;
  const middle = (start_s + end_s) / 2;
  const inside = thumbnails.filter((t) => t.time_s >= start_s && t.time_s < end_s);
  const pool = inside.length ? inside : thumbnails;
  return pool.reduce((best, t) => (Math.abs(t.time_s - middle) < Math.abs(best.time_s - middle) ? t : best));
}

/** <project_id>/<job_id>/frames/<n>.jpg in the result bucket; n counts activities from 1 over the whole job. */
export function keyFrameKey(projectId: string, jobId: string, n: number): string {
  return `${projectId}/${jobId}/frames/${n}.jpg`;
}

export async function storeKeyFrame(storage: ObjectStorage, bucket: string, key: string, file: string): Promise<Buffer> {
  const jpeg = await readFile(file);
  await storage.putObject(bucket, key, jpeg, 'image/jpeg');
  return jpeg;
}
