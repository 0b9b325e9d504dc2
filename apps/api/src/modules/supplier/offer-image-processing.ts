import sharp, { type Metadata, type Sharp } from 'sharp';
import { OFFER_IMAGE_DISPLAY_PX, OFFER_IMAGE_THUMB_PX } from '@cellforge/contracts';
import { AppError } from '../../lib/errors';

// Files are small (10 MB) and written once: libvips' operation cache would only hold memory.
sharp.cache(false);

export interface ProcessedFile {
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  original: ProcessedFile & { extension: string };
  thumb: ProcessedFile;
  display: ProcessedFile;
}

const ACCEPTED = 'Send a JPEG, PNG, WebP or AVIF picture.';

/** What the content says the file is (never the name or the client's type): JPEG, PNG, WebP or AVIF, else null. */
function formatOf(meta: Metadata): { contentType: string; extension: string; encode: (s: Sharp) => Sharp } | null {
  switch (meta.format) {
    case 'jpeg':
      return { contentType: 'image/jpeg', extension: 'jpg', encode: (s) => s.jpeg({ quality: 90 }) };
    case 'png':
      return { contentType: 'image/png', extension: 'png', encode: (s) => s.png() };
    case 'webp':
      return { contentType: 'image/webp', extension: 'webp', encode: (s) => s.webp({ quality: 90 }) };
    case 'heif':
      // HEIF holds AVIF (AV1) and HEIC (HEVC); only AVIF is accepted.
      return meta.compression === 'av1' ? { contentType: 'image/avif', extension: 'avif', encode: (s) => s.avif({ quality: 60, effort: 2 }) } : null;
    default:
      return null;
  }
}

/**
 * Reads an uploaded picture by its content and makes what is stored: the original
 * re-encoded in its own format with its orientation applied and its metadata (EXIF, GPS,
 * camera) left out, and two WebP sizes fitting inside squares of 320 and 1280 px (never
 * enlarged). Refuses other kinds of file (415), pictures over `maxPixels` pixels before
 * decoding them (422: a decompression bomb is a small file of huge dimensions) and files
 * the decoder cannot read (422).
 */
export async function processOfferImage(input: Buffer, limits: { maxPixels: number }): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_FILE_TYPE', `This file is not a picture we can read. ${ACCEPTED}`);
  }
  const format = formatOf(meta);
  if (!format) throw new AppError('UNSUPPORTED_FILE_TYPE', `This file is not a JPEG, PNG, WebP or AVIF picture (it reads as ${meta.format ?? 'unknown'}). ${ACCEPTED}`);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new AppError('IMAGE_UNREADABLE', 'The picture has no size we can read. Try saving it again.');
  if (width * height > limits.maxPixels) {
    throw new AppError(
      'IMAGE_TOO_MANY_PIXELS',
      `The picture is ${width} × ${height} pixels; at most ${Math.round(limits.maxPixels / 1_000_000)} megapixels are accepted. Make it smaller and try again.`,
    );
  }
  // limitInputPixels again: the header above could lie about what the decoder meets.
  const open = () => sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' }).autoOrient();
  const derived = async (side: number): Promise<ProcessedFile> => {
    const { data, info } = await open()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/webp', width: info.width, height: info.height };
  };
  try {
    const { data, info } = await format.encode(open()).toBuffer({ resolveWithObject: true });
    return {
      original: { body: data, contentType: format.contentType, extension: format.extension, width: info.width, height: info.height },
      thumb: await derived(OFFER_IMAGE_THUMB_PX),
      display: await derived(OFFER_IMAGE_DISPLAY_PX),
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new AppError('IMAGE_TOO_MANY_PIXELS', `The picture has more than ${Math.round(limits.maxPixels / 1_000_000)} megapixels. Make it smaller and try again.`);
    throw new AppError('IMAGE_UNREADABLE', 'The picture could not be read: the file may be damaged or cut short. Try saving it again.');
  }
}
