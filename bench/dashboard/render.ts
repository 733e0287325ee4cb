// Draws the Grafana dashboard JSON (ops/grafana/dashboards/kws.json) from a real Prometheus, for the bench's
// screenshot (scripts/bench-dashboard.sh): every panel's PromQL targets are run through the Prometheus HTTP
// API (query_range) over the window, with Grafana's $__rate_interval / $__interval / $__range, and drawn as
// SVG in the dashboard's 24-column grid (titles, units, unit overrides, legends), then photographed by
// headless Chromium (playwright-core). This is our renderer, not Grafana: no Grafana distribution is
// installable here. A panel without data says why (which of its metrics had no samples in the window).
//   node dist/bench/dashboard/render.js --prometheus URL --from UNIX --to UNIX --scrape-interval S
//        --job JOB --dashboard kws.json --out dashboard.png [--chromium /usr/bin/chromium] [--width 1600]
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

interface Override {
  matcher: { id: 'byName' | 'byRegexp'; options: string };
  properties: Array<{ id: string; value: unknown }>;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  description?: string;
  gridPos: { x: number; y: number; w: number; h: number };
  fieldConfig?: { defaults?: { unit?: string }; overrides?: Override[] };
  targets?: Array<{ expr: string; legendFormat?: string; refId?: string }>;
}
interface Dashboard {
  title: string;
  panels: Panel[];
}
interface Series {
  name: string;
  unit: string;
  axis: 'left' | 'right';
  points: Array<[number, number]>;
}
interface RenderedPanel {
  panel: Panel;
  series: Series[];
  /** Why the panel has no line, when it has none. */
  empty?: string;
}

const PALETTE = ['#73bf69', '#f2cc0c', '#8ab8ff', '#ff780a', '#f2495c', '#5794f2', '#b877d9', '#fade2a', '#37872d'];
const GRID_COLUMNS = 24;
const ROW_HEIGHT = 30;
const MARGIN = 8;

// ---- Grafana's interval variables -------------------------------------------------------------------------

const NICE_STEPS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600];
/** Grafana's $__interval: the range over the panel's data points, rounded to a nice step, never below the scrape interval. */
export function panelInterval(rangeSeconds: number, maxDataPoints: number, scrapeInterval: number): number {
  const raw = rangeSeconds / maxDataPoints;
  const nice = NICE_STEPS.find((s) => s >= raw) ?? Math.ceil(raw / 3600) * 3600;
  return Math.max(nice, scrapeInterval);
}

/** The target's PromQL with Grafana's variables substituted ($__rate_interval = max(interval + scrape, 4 x scrape)). */
export function expandExpr(expr: string, v: { interval: number; scrapeInterval: number; range: number }): string {
  const rateInterval = Math.max(v.interval + v.scrapeInterval, 4 * v.scrapeInterval);
  return expr
    .replaceAll('$__rate_interval', `${rateInterval}s`)
    .replaceAll('$__interval', `${v.interval}s`)
    .replaceAll('$__range', `${v.range}s`);
}

/** Grafana's legend template: `{{label}}` from the series' labels. */
export function legend(format: string | undefined, labels: Record<string, string>): string {
  if (!format) {
    const { __name__: name = '', ...rest } = labels;
    const inner = Object.entries(rest)
      .map(([k, v]) => `${k}="${v}"`)
      .join(', ');
    return inner ? `${name}{${inner}}` : name || 'value';
  }
  return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => labels[k] ?? '').trim();
}

const FUNCTIONS = new Set(['sum', 'max', 'min', 'avg', 'count', 'rate', 'irate', 'increase', 'histogram_quantile']);
/** The series selectors a PromQL expression reads (`name{matchers}`), without ranges, groupings and functions. */
export function selectors(expr: string): string[] {
  const bare = expr.replace(/\[[^\]]*\]/g, '').replace(/\b(by|without)\s*\([^)]*\)/g, '');
  const found = bare.match(/[A-Za-z_:][A-Za-z0-9_:]*(\{(?:[^}"]|"(?:[^"\\]|\\.)*")*\})?/g) ?? [];
  return [...new Set(found.filter((s) => !FUNCTIONS.has(s)))];
}
/** The metric names a PromQL expression reads. */
export const metricNames = (expr: string) => [...new Set(selectors(expr).map((s) => s.replace(/\{.*$/, '')))];

// ---- Units -------------------------------------------------------------------------------------------------

function trim(x: number): string {
  const abs = Math.abs(x);
  const digits = abs >= 100 || abs === 0 ? 0 : abs >= 10 ? 1 : 2;
  return String(Number(x.toFixed(digits)));
}

export function formatValue(v: number, unit: string): string {
  const abs = Math.abs(v);
  switch (unit) {
    case 's':
      if (abs === 0) return '0 s';
      if (abs < 1e-3) return `${trim(v * 1e6)} µs`;
      if (abs < 1) return `${trim(v * 1e3)} ms`;
      if (abs < 60) return `${trim(v)} s`;
      return `${trim(v / 60)} min`;
    case 'bytes': {
      const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
      let i = 0;
      let x = v;
      while (Math.abs(x) >= 1024 && i < units.length - 1) {
        x /= 1024;
        i++;
      }
      return `${trim(x)} ${units[i]}`;
    }
    case 'reqps':
      return `${trim(v)} req/s`;
    default: {
      if (abs >= 1e6) return `${trim(v / 1e6)} M`;
      if (abs >= 1e3) return `${trim(v / 1e3)} K`;
      return trim(v);
    }
  }
}

/** The factor the unit's labels divide by at this magnitude (1024^n for bytes, 60 beyond a minute). */
function unitScale(max: number, unit: string): number {
  if (unit === 'bytes') return Math.pow(1024, Math.max(0, Math.floor(Math.log(Math.max(max, 1)) / Math.log(1024))));
  if (unit === 's' && max >= 60) return 60;
  return 1;
}

/** Nice axis ticks covering [min, max], round in the unit's displayed scale (200 MiB rather than 191 MiB). */
function ticks(min: number, max: number, count: number, unit: string): number[] {
  const scale = unitScale(Math.max(Math.abs(min), Math.abs(max)), unit);
  return niceTicks(min / scale, max / scale, count).map((t) => t * scale);
}

function niceTicks(min: number, max: number, count: number): number[] {
  if (min === max) max = min === 0 ? 1 : min + Math.abs(min);
  const span = max - min;
  const rough = span / count;
  const mag = Math.pow(10, Math.floor(Math.log10(rough)));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= rough) ?? 10) * mag;
  const out: number[] = [];
  for (let t = Math.floor(min / step) * step; t <= max + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  if (out[out.length - 1]! < max) out.push(out[out.length - 1]! + step);
  return out;
}

// ---- Prometheus --------------------------------------------------------------------------------------------

interface MatrixResult {
  metric: Record<string, string>;
  values: Array<[number, string]>;
}

async function prom<T>(base: string, api: string, params: Record<string, string>): Promise<T> {
  const url = `${base}/api/v1/${api}?${new URLSearchParams(params).toString()}`;
  const res = await fetch(url);
  const body = (await res.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success') throw new Error(`Prometheus ${api} ${params.query ?? ''}: ${body.error}`);
  return body.data;
}

/** Grafana's stringToJsRegex: `/pattern/flags`, or a plain string matching the whole name. */
export function grafanaRegex(source: string): RegExp {
  const m = source.match(/^\/(.*)\/([gimsuy]*)$/);
  return m ? new RegExp(m[1]!, m[2]) : new RegExp(`^${source}$`);
}

function overrideFor(name: string, overrides: Override[] = []) {
  let unit: string | undefined;
  let axis: 'left' | 'right' | undefined;
  for (const o of overrides) {
    const hit = o.matcher.id === 'byName' ? o.matcher.options === name : grafanaRegex(o.matcher.options).test(name);
    if (!hit) continue;
    for (const p of o.properties) {
      if (p.id === 'unit') unit = String(p.value);
      if (p.id === 'custom.axisPlacement' && (p.value === 'right' || p.value === 'left')) axis = p.value;
    }
  }
  return { unit, axis };
}

async function queryPanel(
  base: string,
  panel: Panel,
  win: { from: number; to: number; step: number; scrapeInterval: number },
): Promise<RenderedPanel> {
  const series: Series[] = [];
  const defaultUnit = panel.fieldConfig?.defaults?.unit ?? 'short';
  const missing: string[] = [];
  for (const target of panel.targets ?? []) {
    const query = expandExpr(target.expr, {
      interval: win.step,
      scrapeInterval: win.scrapeInterval,
      range: win.to - win.from,
    });
    for (const selector of selectors(target.expr)) {
      const found = await prom<unknown[]>(base, 'series', {
        'match[]': selector,
        start: String(win.from),
        end: String(win.to),
      });
      if (found.length === 0 && !missing.includes(selector)) missing.push(selector);
    }
    const data = await prom<{ result: MatrixResult[] }>(base, 'query_range', {
      query,
      start: String(win.from),
      end: String(win.to),
      step: String(win.step),
    });
    for (const r of data.result) {
      const points = r.values.map(([t, v]) => [t, Number(v)] as [number, number]).filter(([, v]) => Number.isFinite(v));
      if (points.length === 0) continue;
      const name = legend(target.legendFormat, r.metric);
      const o = overrideFor(name, panel.fieldConfig?.overrides);
      series.push({ name, unit: o.unit ?? defaultUnit, axis: o.axis ?? 'left', points });
    }
  }
  if (series.length > 0) return { panel, series };
  const why =
    missing.length > 0
      ? `No data: no series of ${missing.join(' or ')} in this window. ` +
        (panel.description ?? 'A labelled counter or histogram has no series until it is first incremented.')
      : 'No data: the metrics were scraped, but every value in this window is NaN (nothing observed per rate window).';
  return { panel, series, empty: why };
}

// ---- SVG ---------------------------------------------------------------------------------------------------

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function hhmmss(t: number): string {
  return new Date(t * 1000).toISOString().slice(11, 19);
}

/** Runs of consecutive steps (a gap longer than one step ends a run). */
export function segments(points: Array<[number, number]>, step: number): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  let prev: number | undefined;
  for (const point of points) {
    if (prev === undefined || point[0] - prev > step * 1.5) out.push([]);
    out[out.length - 1]!.push(point);
    prev = point[0];
  }
  return out;
}

function chartSvg(
  p: RenderedPanel,
  width: number,
  height: number,
  win: { from: number; to: number; step: number },
): string {
  const left = 74;
  const hasRight = p.series.some((s) => s.axis === 'right');
  const right = hasRight ? 74 : 16;
  const top = 8;
  const bottom = 22;
  const w = width - left - right;
  const h = height - top - bottom;
  const x = (t: number) => left + ((t - win.from) / (win.to - win.from)) * w;
  const parts: string[] = [];
  // time axis
  const span = win.to - win.from;
  const tickStep = NICE_STEPS.find((s) => span / s <= 8) ?? 3600;
  for (let t = Math.ceil(win.from / tickStep) * tickStep; t <= win.to; t += tickStep) {
    parts.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${top}" y2="${top + h}" class="grid"/>`);
    parts.push(`<text x="${x(t)}" y="${height - 6}" text-anchor="middle" class="tick">${hhmmss(t)}</text>`);
  }
  for (const side of ['left', 'right'] as const) {
    const ss = p.series.filter((s) => s.axis === side);
    if (ss.length === 0) continue;
    const unit = ss[0]!.unit;
    const values = ss.flatMap((s) => s.points.map(([, v]) => v));
    const ts = ticks(Math.min(0, ...values), Math.max(...values), 4, unit);
    const lo = ts[0]!;
    const hi = ts[ts.length - 1]!;
    const y = (v: number) => top + h - ((v - lo) / (hi - lo)) * h;
    for (const t of ts) {
      if (side === 'left') parts.push(`<line x1="${left}" x2="${left + w}" y1="${y(t)}" y2="${y(t)}" class="grid"/>`);
      const tx = side === 'left' ? left - 6 : left + w + 6;
      parts.push(
        `<text x="${tx}" y="${y(t) + 4}" text-anchor="${side === 'left' ? 'end' : 'start'}" class="tick">${esc(formatValue(t, unit))}</text>`,
      );
    }
    for (const s of ss) {
      const color = PALETTE[p.series.indexOf(s) % PALETTE.length]!;
      // As Grafana's default (never connect nulls): a missing or NaN step breaks the line.
      for (const seg of segments(s.points, win.step)) {
        const d = seg.map(([t, v], i) => `${i === 0 ? 'M' : 'L'}${x(t).toFixed(1)},${y(v).toFixed(1)}`).join('');
        const [first] = seg[0]!;
        const [last] = seg[seg.length - 1]!;
        parts.push(
          `<path d="${d}L${x(last).toFixed(1)},${y(lo)}L${x(first).toFixed(1)},${y(lo)}Z" fill="${color}" fill-opacity="0.1"/>`,
        );
        parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round"/>`);
        if (seg.length === 1) parts.push(`<circle cx="${x(first)}" cy="${y(seg[0]![1])}" r="2.5" fill="${color}"/>`);
      }
    }
  }
  if (p.empty) {
    parts.push(
      `<foreignObject x="${left}" y="${top}" width="${w}" height="${h}"><div class="empty">${esc(p.empty)}</div></foreignObject>`,
    );
  }
  parts.push(`<rect x="${left}" y="${top}" width="${w}" height="${h}" class="frame"/>`);
  return `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

const LEGEND_ROW = 17;
const MAX_LEGEND_ROWS = 6;

function legendItems(p: RenderedPanel) {
  return p.series.map((s, i) => {
    const last = s.points[s.points.length - 1]![1];
    const max = Math.max(...s.points.map(([, v]) => v));
    const name = (s.name || '(no label)') + (s.axis === 'right' ? ' (right axis)' : '');
    const values = `max ${formatValue(max, s.unit)}, last ${formatValue(last, s.unit)}`;
    return { name, values, color: PALETTE[i % PALETTE.length]!, chars: name.length + values.length + 1 };
  });
}

/** Rows the legend wraps into at this width (about 7 px a character at 12 px, as the page lays it out). */
function legendRows(p: RenderedPanel, width: number): number {
  let rows = p.series.length > 0 ? 1 : 0;
  let used = 0;
  for (const item of legendItems(p)) {
    const w = Math.min(width, item.chars * 7 + 24);
    if (used > 0 && used + w > width) {
      rows++;
      used = 0;
    }
    used += w + 14;
  }
  return Math.min(rows, MAX_LEGEND_ROWS);
}

function legendHtml(p: RenderedPanel): string {
  return legendItems(p)
    .map(
      (item) =>
        `<span class="item"><i style="background:${item.color}"></i>${esc(item.name)} <em>${esc(item.values)}</em></span>`,
    )
    .join('');
}

export function dashboardHtml(
  dashboard: Dashboard,
  panels: RenderedPanel[],
  o: { width: number; from: number; to: number; step: number; caption: string },
): { html: string; height: number } {
  const header = 86;
  const colWidth = (o.width - MARGIN * (GRID_COLUMNS + 1)) / GRID_COLUMNS;
  let bottom = 0;
  const boxes = panels.map((p) => {
    const g = p.panel.gridPos;
    const left = MARGIN + g.x * (colWidth + MARGIN);
    const top = header + g.y * (ROW_HEIGHT + MARGIN);
    const width = g.w * colWidth + (g.w - 1) * MARGIN;
    const height = g.h * ROW_HEIGHT + (g.h - 1) * MARGIN;
    bottom = Math.max(bottom, top + height);
    const chartHeight = height - 32 - legendRows(p, width - 16) * LEGEND_ROW - 6;
    return `<div class="panel" style="left:${left}px;top:${top}px;width:${width}px;height:${height}px">
<div class="title">${esc(p.panel.title)}</div>${chartSvg(p, width - 2, chartHeight, o)}<div class="legend">${legendHtml(p)}</div></div>`;
  });
  const height = bottom + MARGIN + 28;
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;background:#111217;color:#ccccdc;font:12px "DejaVu Sans",Arial,sans-serif;width:${o.width}px;height:${height}px;position:relative;overflow:hidden}
h1{font-size:18px;font-weight:500;margin:0;position:absolute;left:${MARGIN}px;top:12px;color:#d8d9da}
.range{position:absolute;right:${MARGIN}px;top:14px;color:#a0a0b0}
.caption{position:absolute;left:${MARGIN}px;top:44px;right:${MARGIN}px;color:#8e8e9e;font-size:12px;line-height:16px}
.footer{position:absolute;left:${MARGIN}px;bottom:8px;color:#8e8e9e;font-size:11px}
.panel{position:absolute;background:#181b1f;border:1px solid #2c3235;border-radius:2px;box-sizing:border-box;overflow:hidden}
.title{height:30px;line-height:30px;padding:0 8px;font-weight:500;font-size:13px;color:#d8d9da;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.legend{padding:2px 8px;display:flex;flex-wrap:wrap;gap:1px 14px;max-height:${MAX_LEGEND_ROWS * LEGEND_ROW}px;overflow:hidden}
.item{white-space:nowrap;line-height:${LEGEND_ROW - 1}px;max-width:100%;overflow:hidden;text-overflow:ellipsis}.item i{display:inline-block;width:14px;height:4px;border-radius:2px;margin:0 5px 2px 0}
.item em{font-style:normal;color:#8e8e9e}
.grid{stroke:#2c3235;stroke-width:1}.frame{fill:none;stroke:#2c3235}.tick{fill:#9fa0ab;font-size:10.5px}
.empty{color:#c8c8d8;font-size:12.5px;line-height:17px;padding:18px 24px;text-align:center;display:flex;align-items:center;justify-content:center;height:100%;box-sizing:border-box}
</style></head><body>
<h1>${esc(dashboard.title)}</h1>
<div class="range">${new Date(o.from * 1000).toISOString().slice(0, 19).replace('T', ' ')} to ${hhmmss(o.to)} UTC</div>
<div class="caption">${esc(o.caption)}</div>
${boxes.join('\n')}
</body></html>`;
  return { html, height };
}

// ---- main --------------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: {
      prometheus: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      'scrape-interval': { type: 'string', default: '15' },
      job: { type: 'string' },
      dashboard: { type: 'string', default: 'ops/grafana/dashboards/kws.json' },
      out: { type: 'string', default: 'docs/ops/dashboard.png' },
      chromium: { type: 'string', default: '/usr/bin/chromium' },
      width: { type: 'string', default: '1600' },
      html: { type: 'string' },
    },
  });
  if (!values.prometheus || !values.from || !values.to || !values.job) {
    throw new Error('usage: render.js --prometheus URL --from UNIX --to UNIX --job JOB [--scrape-interval S] ...');
  }
  const base = values.prometheus.replace(/\/$/, '');
  const scrapeInterval = Number(values['scrape-interval']);
  const width = Number(values.width);
  const dashboard = JSON.parse(await readFile(values.dashboard, 'utf8')) as Dashboard;

  // The window is the part of [from, to] in which the bench process was scraped.
  const up = await prom<{ result: MatrixResult[] }>(base, 'query_range', {
    query: `up{job="${values.job}"}`,
    start: values.from,
    end: values.to,
    step: String(scrapeInterval),
  });
  const upTimes = up.result.flatMap((r) => r.values.map(([t]) => t));
  if (upTimes.length === 0) throw new Error(`no scrape of job ${values.job} between ${values.from} and ${values.to}`);
  const from = Math.max(Number(values.from), Math.min(...upTimes) - scrapeInterval);
  const to = Math.min(Number(values.to), Math.max(...upTimes));
  const range = `${to - from}s`;
  const count = async (query: string) => {
    const data = await prom<{ result: Array<{ value: [number, string] }> }>(base, 'query', { query, time: String(to) });
    return Number(data.result[0]?.value[1] ?? 0);
  };
  const scrapeCount = await count(`sum(count_over_time(up{job="${values.job}"}[${range}]))`);
  const healthyCount = await count(`sum(sum_over_time(up{job="${values.job}"}[${range}]))`);

  // Grafana asks for about one point per pixel of the panel's width; a half-width panel here is ~790 px.
  const step = panelInterval(to - from, 200, scrapeInterval);
  const rendered: RenderedPanel[] = [];
  for (const panel of dashboard.panels) {
    rendered.push(await queryPanel(base, panel, { from, to, step, scrapeInterval }));
  }
  const caption =
    `Rendered by bench/dashboard/render.ts (our renderer, not Grafana) from ${path.basename(values.dashboard)}: each panel's ` +
    `PromQL run through Prometheus's query_range over the bench window (step ${step} s, $__rate_interval ` +
    `${Math.max(step + scrapeInterval, 4 * scrapeInterval)} s). Data: a real Prometheus scraping the ` +
    `\`npm run bench -- knowledge\` process every ${scrapeInterval} s: ${scrapeCount} scrapes, ${healthyCount} up.`;
  const { html, height } = dashboardHtml(dashboard, rendered, { width, from, to, step, caption });
  if (values.html) await writeFile(values.html, html);

  const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: values.out, fullPage: true });
  } finally {
    await browser.close();
  }
  const summary = {
    window: { from: new Date(from * 1000).toISOString(), to: new Date(to * 1000).toISOString(), seconds: to - from },
    scrapeIntervalSeconds: scrapeInterval,
    scrapes: scrapeCount,
    scrapesUp: healthyCount,
    stepSeconds: step,
    panels: rendered.map((p) => ({ title: p.panel.title, series: p.series.length, empty: p.empty })),
    out: values.out,
  };
  console.log(JSON.stringify(summary, null, 2));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
