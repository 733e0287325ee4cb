// Audio and video: no transcription. The page is the file's tags (title, artist, ...) and one line
// summing up the stream, so a search for a song title or for "48 kHz stereo" can find it. Tags and audio
// facts come from music-metadata; for MP4 the movie header and track headers are also read here,
// because music-metadata reports neither a video-only file's duration nor the picture size.
import type { IAudioMetadata } from 'music-metadata';
import { MIME } from './mime';
import { ExtractionError, type ExtractedDocument, asCorrupt } from './types';

type MusicMetadata = typeof import('music-metadata');
// music-metadata is an ES module: loaded through require(esm) on first use.
let musicMetadata: Promise<MusicMetadata> | undefined;
const loadMusicMetadata = () => (musicMetadata ??= import('music-metadata'));

export async function extractMedia(bytes: Buffer, mime: string): Promise<ExtractedDocument> {
  const { parseBuffer } = await loadMusicMetadata();
  let parsed: IAudioMetadata;
  try {
    parsed = await parseBuffer(bytes, { mimeType: mime, size: bytes.length }, { duration: true, skipCovers: true });
  } catch (error) {
    throw asCorrupt(error, 'unreadable media file');
  }
  const movie = mime === MIME.mp4 ? readMp4Boxes(bytes) : undefined;
  const { format, common } = parsed;

  const durationSeconds = format.duration ?? movie?.durationSeconds;
  const video = movie?.video;
  const metadata: Record<string, unknown> = {
    pageCount: 1,
    container: format.container,
    codec: format.codec ?? (movie && movie.codecs.length > 0 ? movie.codecs.join('+') : undefined),
    durationSeconds: durationSeconds === undefined ? undefined : round(durationSeconds, 3),
    bitrate: format.bitrate === undefined ? undefined : Math.round(format.bitrate),
    sampleRate: format.sampleRate,
    channels: format.numberOfChannels,
    bitsPerSample: format.bitsPerSample,
    lossless: format.lossless,
    hasVideo: movie ? Boolean(video) : format.hasVideo,
    width: video?.width,
    height: video?.height,
    videoCodec: video?.codec,
    title: common.title,
    artist: common.artist,
    album: common.album,
    year: common.year,
  };
  for (const key of Object.keys(metadata)) if (metadata[key] === undefined) delete metadata[key];
  if (metadata.codec === undefined && metadata.durationSeconds === undefined) {
    throw new ExtractionError('no audio or video stream found', 'CORRUPT');
  }

  const tags: [string, unknown][] = [
    ['Title', common.title],
    ['Artist', common.artist],
    ['Album artist', common.albumartist],
    ['Album', common.album],
    ['Year', common.year],
    ['Genre', common.genre?.join(', ')],
    ['Composer', common.composer?.join(', ')],
    [
      'Comment',
      common.comment
        ?.map((c) => (typeof c === 'string' ? c : c.text))
        .filter(Boolean)
        .join(' '),
    ],
    ['Description', common.description?.join(' ')],
  ];
  const lines = tags.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k}: ${String(v)}`);
  lines.push(summaryLine(mime, metadata, movie?.codecs ?? []));
  return { pages: [{ pageNumber: 1, text: lines.join('\n') }], metadata };
}

function summaryLine(mime: string, m: Record<string, unknown>, codecs: string[]): string {
  const parts: string[] = [];
  const kind = mime === MIME.mp4 ? (m.hasVideo ? 'Video' : 'Audio (MP4)') : 'Audio';
  parts.push(String(m.codec ?? m.container ?? mime));
  if (typeof m.durationSeconds === 'number')
    parts.push(`${formatDuration(m.durationSeconds)} (${round(m.durationSeconds, 1)} s)`);
  if (typeof m.width === 'number' && typeof m.height === 'number') parts.push(`${m.width}x${m.height}`);
  if (codecs.length > 1) parts.push(`tracks ${codecs.join(', ')}`);
  if (typeof m.bitrate === 'number') parts.push(`${Math.round(m.bitrate / 1000)} kbps`);
  if (typeof m.sampleRate === 'number') parts.push(`${m.sampleRate} Hz`);
  if (typeof m.channels === 'number')
    parts.push(m.channels === 1 ? 'mono' : m.channels === 2 ? 'stereo' : `${m.channels} channels`);
  if (typeof m.bitsPerSample === 'number') parts.push(`${m.bitsPerSample}-bit`);
  return `${kind}: ${parts.join(', ')}`;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));
function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

interface Mp4Facts {
  durationSeconds?: number;
  video?: { width: number; height: number; codec?: string };
  /** Sample-entry codes of the tracks, e.g. avc1, mp4a. */
  codecs: string[];
}

/** Reads mvhd (duration), and per track tkhd (size), hdlr (kind) and stsd (codec). Bounded by the buffer. */
export function readMp4Boxes(bytes: Buffer): Mp4Facts {
  const facts: Mp4Facts = { codecs: [] };
  const children = (start: number, end: number): { type: string; start: number; end: number }[] => {
    const boxes = [];
    let at = start;
    while (at + 8 <= end && boxes.length < 10_000) {
      let size = bytes.readUInt32BE(at);
      const type = bytes.toString('latin1', at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) break;
        size = Number(bytes.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) {
        size = end - at;
      }
      if (size < header || at + size > end) break;
      boxes.push({ type, start: at + header, end: at + size });
      at += size;
    }
    return boxes;
  };
  const find = (start: number, end: number, type: string) => children(start, end).find((b) => b.type === type);

  const moov = find(0, bytes.length, 'moov');
  if (!moov) return facts;
  const mvhd = find(moov.start, moov.end, 'mvhd');
  if (mvhd && mvhd.end - mvhd.start >= 32) {
    const v1 = bytes[mvhd.start] === 1;
    const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
    if (timescale > 0) facts.durationSeconds = duration / timescale;
  }
  for (const trak of children(moov.start, moov.end).filter((b) => b.type === 'trak')) {
    const mdia = find(trak.start, trak.end, 'mdia');
    const hdlr = mdia && find(mdia.start, mdia.end, 'hdlr');
    const handler =
      hdlr && hdlr.end - hdlr.start >= 12 ? bytes.toString('latin1', hdlr.start + 8, hdlr.start + 12) : '';
    const minf = mdia && find(mdia.start, mdia.end, 'minf');
    const stbl = minf && find(minf.start, minf.end, 'stbl');
    const stsd = stbl && find(stbl.start, stbl.end, 'stsd');
    const codec =
      stsd && stsd.end - stsd.start >= 16 ? bytes.toString('latin1', stsd.start + 12, stsd.start + 16) : undefined;
    if (codec) facts.codecs.push(codec);
    const tkhd = find(trak.start, trak.end, 'tkhd');
    if (handler === 'vide' && tkhd && !facts.video) {
      const v1 = bytes[tkhd.start] === 1;
      const at = tkhd.start + (v1 ? 88 : 76);
      if (at + 8 <= tkhd.end) {
        facts.video = { width: bytes.readUInt32BE(at) / 65536, height: bytes.readUInt32BE(at + 4) / 65536, codec };
      }
    }
  }
  return facts;
}
