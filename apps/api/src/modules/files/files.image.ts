import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@cabinet/contracts';
import { text, textId } from '@cabinet/contracts/i18n';
import { fileTypeFromFile } from 'file-type';
import type { Sharp, SharpConstructor } from 'sharp';
import { AppError, badRequest } from '../../lib/app-error';
import { onFirstUse } from '../../lib/first-use';
import { tr, trId } from '../../lib/i18n';
import { Semaphore } from '../../lib/semaphore';

// Uploaded images are decoded and encoded anew (decision 0032): what is stored is pixels sharp wrote, so
// EXIF (location, camera serials), comments and anything appended to the file are gone, and a file that
// only looks like an image at its first bytes is refused.

export const WRONG_TYPE_MESSAGE = textId('Неправильный тип файла');
export const IMAGE_TOO_LARGE_MESSAGE = trId('Изображение слишком большое');

export const unsupportedType = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', text(WRONG_TYPE_MESSAGE));

/** Stored image types: the only ones ever served inline. */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
export type ImageMime = keyof typeof IMAGE_TYPES;

/**
 * sharp (libvips) is loaded with the first image, not at start: a process that never re-encodes does not
 * carry it (decision 0119). No pixel cache: it keeps decoded images between requests, memory for no
 * benefit here. One libvips worker thread per image: with at most MAX_CONCURRENT_REENCODES images at once,
 * memory (buffers and malloc arenas per thread) stays bounded and the CPU is left for requests.
 */
const loadSharp = onFirstUse(async (): Promise<SharpConstructor> => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});

/**
 * Re-encodes running at once in this process (decision 0099): each may hold a 40-megapixel image in memory
 * and keeps libuv threads busy, so a burst of uploads waits its turn instead of exhausting memory and
 * starving file and database I/O.
 */
export const MAX_CONCURRENT_REENCODES = 2;
export const reencodeSlots = new Semaphore(MAX_CONCURRENT_REENCODES);

/**
 * Images above this many pixels are re-encoded alone (they take every slot): two decoded 36-megapixel
 * images at once took one process past its 250 MB budget (issue 12; docs/performance.md, Memory).
 */
export const LARGE_IMAGE_PIXELS = 16_000_000;

/** Slots of reencodeSlots an image of `width` × `height` takes. */
export const reencodeWeight = (width: number, height: number): number =>
  width * height > LARGE_IMAGE_PIXELS ? MAX_CONCURRENT_REENCODES : 1;

export interface EncodedImage {
  data: Buffer;
  mime: ImageMime;
  extension: string;
  width: number;
  height: number;
}

/** Detected type of a file's bytes (never its name or declared type), or null. */
export async function detectType(filePath: string): Promise<{ mime: string; ext: string } | null> {
  return (await fileTypeFromFile(filePath)) ?? null;
}

/**
 * Re-encodes a JPEG or PNG: orientation applied from EXIF, metadata dropped, longest side at most
 * MAX_IMAGE_SIDE, JPEG stays JPEG (quality 85, mozjpeg) and PNG stays PNG (an animated PNG keeps its
 * first frame). Anything else is 415.
 */
export async function reencodeImage(filePath: string): Promise<EncodedImage> {
  const detected = await detectType(filePath);
  // file-type names an animated PNG image/apng: it is still a PNG, and only its first frame is kept.
  const mime: ImageMime | null =
    detected?.mime === 'image/jpeg'
      ? 'image/jpeg'
      : detected?.mime === 'image/png' || detected?.mime === 'image/apng'
        ? 'image/png'
        : null;
  if (!mime) throw unsupportedType();
  const sharp = await loadSharp();
  try {
    const image: Sharp = sharp(filePath, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: 'error',
      animated: false,
    })
      .timeout({ seconds: 30 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded = mime === 'image/jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png();
    const { width = 0, height = 0 } = await image.metadata();
    const { data, info } = await reencodeSlots.run(
      () => encoded.toBuffer({ resolveWithObject: true }),
      reencodeWeight(width, height),
    );
    return { data, mime, extension: IMAGE_TYPES[mime], width: info.width, height: info.height };
  } catch (error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && /pixel limit/i.test(message)) {
      throw badRequest(tr(IMAGE_TOO_LARGE_MESSAGE), {
        file: [tr('Не более {megapixels} мегапикселей', { megapixels: MAX_IMAGE_PIXELS / 1_000_000 })],
      });
    }
    // Bytes that start like a JPEG or PNG but do not decode are not an image we can take.
    throw unsupportedType();
  }
}
