// Images: OCR with tesseract.js. sharp reads the header first (the pixel count is checked before
// anything is decoded), then turns every format into what OCR reads best: EXIF rotation applied,
// transparency flattened onto white, greyscale PNG, at most OCR_MAX_PIXELS. GIF and WebP (which
// tesseract cannot read) go through the same path; of an animation only the first frame is read.
import sharp from 'sharp';
import type { ExtractContext } from './context';
import { ExtractionError, FailureReasons, type ExtractedDocument, asCorrupt } from './types';

/** Larger images are scaled down before OCR: beyond this, time and memory grow with little gain. */
export const OCR_MAX_PIXELS = 16_000_000;

export async function extractImage(bytes: Buffer, ctx: ExtractContext): Promise<ExtractedDocument> {
  const maxPixels = ctx.limits.maxImagePixels;
  let info: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    info = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw asCorrupt(error, 'unreadable image');
  }
  const { width = 0, height = 0 } = info;
  if (width * height > maxPixels) {
    throw new ExtractionError(
      `image is ${width}x${height} pixels, more than the limit of ${maxPixels}`,
      'LIMIT_EXCEEDED',
      FailureReasons.imageTooLarge,
    );
  }

  const scale = Math.min(1, Math.sqrt(OCR_MAX_PIXELS / Math.max(1, width * height)));
  let prepared: Buffer;
  try {
    let pipeline = sharp(bytes, { limitInputPixels: maxPixels, page: 0, pages: 1 })
      .rotate()
      .flatten({ background: '#ffffff' })
      .greyscale();
    if (scale < 1) pipeline = pipeline.resize({ width: Math.max(1, Math.round(width * scale)) });
    // Tesseract warns about and guesses at a missing or implausible resolution; say 300 dpi instead.
    const density = info.density && info.density >= 70 ? info.density : 300;
    prepared = await pipeline.withDensity(density).png({ compressionLevel: 1 }).toBuffer();
  } catch (error) {
    throw asCorrupt(error, 'unreadable image');
  }

  const ocr = await ctx.ocr.recognize(prepared);
  const text = ocr.text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return {
    pages: [{ pageNumber: 1, text }],
    metadata: {
      pageCount: 1,
      format: info.format,
      width,
      height,
      ...(info.pages && info.pages > 1 ? { frames: info.pages, ocrFrames: 1 } : {}),
      ...(scale < 1 ? { ocrScale: Number(scale.toFixed(3)) } : {}),
      ocrEngine: 'tesseract',
      ocrLanguage: 'eng',
      ocrConfidence: Math.round(ocr.confidence),
    },
  };
}
