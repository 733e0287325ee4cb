// Search latency against corpus size as a PNG (an SVG drawn here, rasterised by sharp): per filter, the
// API's p50 (solid) and the raw SQL's p50 of the same query (dashed), chunks on a logarithmic axis.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { loadAverage } from '../lib/stats';
import type { SearchLatencyResult } from './search';

// dist/bench/knowledge -> the repository root
const ROOT = path.resolve(__dirname, '../../..');
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];
const W = 900;
const H = 520;
const M = { left: 70, right: 220, top: 50, bottom: 60 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function latencyChartSvg(results: readonly SearchLatencyResult[], title: string): string {
  const sizes = results.map((r) => r.chunks);
  const filters = results[0]?.filters.map((f) => f.filter) ?? [];
  const values = results.flatMap((r) => r.filters.flatMap((f) => [f.apiMs.p50, f.rawSqlMs.p50]));
  const yMax = Math.max(1, ...values) * 1.1;
  const [xMin, xMax] = [Math.log10(Math.min(...sizes)), Math.log10(Math.max(...sizes))];
  const x = (n: number) =>
    M.left + (xMax === xMin ? 0.5 : (Math.log10(n) - xMin) / (xMax - xMin)) * (W - M.left - M.right);
  const y = (ms: number) => H - M.bottom - (ms / yMax) * (H - M.top - M.bottom);
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${M.left}" y="28" font-family="sans-serif" font-size="16">${esc(title)}</text>`,
    `<line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="black"/>`,
    `<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="black"/>`,
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 15}" font-family="sans-serif" font-size="13" text-anchor="middle">chunks in the workspace (log scale)</text>`,
    `<text x="18" y="${(M.top + H - M.bottom) / 2}" font-family="sans-serif" font-size="13" transform="rotate(-90 18 ${(M.top + H - M.bottom) / 2})" text-anchor="middle">p50 latency, ms</text>`,
  ];
  for (const n of sizes) {
    parts.push(
      `<line x1="${x(n)}" y1="${H - M.bottom}" x2="${x(n)}" y2="${H - M.bottom + 5}" stroke="black"/>`,
      `<text x="${x(n)}" y="${H - M.bottom + 20}" font-family="sans-serif" font-size="12" text-anchor="middle">${n.toLocaleString('en')}</text>`,
    );
  }
  for (let i = 0; i <= 5; i++) {
    const v = (yMax / 5) * i;
    parts.push(
      `<line x1="${M.left - 5}" y1="${y(v)}" x2="${W - M.right}" y2="${y(v)}" stroke="#ddd"/>`,
      `<text x="${M.left - 8}" y="${y(v) + 4}" font-family="sans-serif" font-size="12" text-anchor="end">${v.toFixed(v < 10 ? 1 : 0)}</text>`,
    );
  }
  filters.forEach((name, i) => {
    const color = COLORS[i % COLORS.length] as string;
    for (const [series, dash] of [
      ['api', ''],
      ['raw', ' stroke-dasharray="6 4"'],
    ] as const) {
      const points = results
        .map((r) => {
          const f = r.filters.find((g) => g.filter === name);
          return f ? `${x(r.chunks)},${y(series === 'api' ? f.apiMs.p50 : f.rawSqlMs.p50)}` : '';
        })
        .filter(Boolean)
        .join(' ');
      parts.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`);
    }
    const ly = M.top + 10 + i * 40;
    parts.push(
      `<line x1="${W - M.right + 15}" y1="${ly}" x2="${W - M.right + 45}" y2="${ly}" stroke="${color}" stroke-width="2"/>`,
      `<text x="${W - M.right + 52}" y="${ly + 4}" font-family="sans-serif" font-size="12">API, ${esc(name)}</text>`,
      `<line x1="${W - M.right + 15}" y1="${ly + 16}" x2="${W - M.right + 45}" y2="${ly + 16}" stroke="${color}" stroke-width="2" stroke-dasharray="6 4"/>`,
      `<text x="${W - M.right + 52}" y="${ly + 20}" font-family="sans-serif" font-size="12">raw SQL, ${esc(name)}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
}

/** Writes the chart; returns its path relative to the repository root. */
export async function writeLatencyChart(results: readonly SearchLatencyResult[], file: string): Promise<string> {
  const out = path.resolve(ROOT, file);
  await mkdir(path.dirname(out), { recursive: true });
  const title = `Semantic search, limit 10 (load average ${loadAverage().join(' ')})`;
  await sharp(Buffer.from(latencyChartSvg(results, title)))
    .png()
    .toFile(out);
  return path.relative(ROOT, out);
}
