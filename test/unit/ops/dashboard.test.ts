// The dashboard renderer's reading of the Grafana dashboard (bench/dashboard/render.ts, used for the bench's
// screenshot): Grafana's interval variables, legend templates, units, and the metric names it explains a
// missing panel with. Drawing and Prometheus are exercised by `npm run bench:dashboard`.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  expandExpr,
  formatValue,
  grafanaRegex,
  legend,
  metricNames,
  panelInterval,
  segments,
  selectors,
} from '../../../bench/dashboard/render';
import { repoRoot } from '../../helpers/processes';

describe('dashboard renderer', () => {
  it('substitutes $__rate_interval as Grafana does (max of interval + scrape and 4 x scrape)', () => {
    const expr = 'sum(rate(x_total[$__rate_interval])) / $__interval / $__range';
    assert.equal(
      expandExpr(expr, { interval: 5, scrapeInterval: 5, range: 600 }),
      'sum(rate(x_total[20s])) / 5s / 600s',
    );
    assert.equal(
      expandExpr(expr, { interval: 60, scrapeInterval: 15, range: 3600 }),
      'sum(rate(x_total[75s])) / 60s / 3600s',
    );
    assert.equal(panelInterval(600, 200, 5), 5);
    assert.equal(panelInterval(3600, 200, 5), 20);
    assert.equal(panelInterval(60, 200, 15), 15);
    // A missing step breaks the line (Grafana never connects nulls by default).
    assert.deepEqual(
      segments(
        [
          [0, 1],
          [5, 2],
          [15, 3],
          [20, 4],
        ],
        5,
      ),
      [
        [
          [0, 1],
          [5, 2],
        ],
        [
          [15, 3],
          [20, 4],
        ],
      ],
    );
  });

  it('formats legends and units', () => {
    assert.equal(legend('{{route}} {{status}}', { route: '/v1/x', status: '200' }), '/v1/x 200');
    assert.equal(legend('slots {{worker_type}}', {}), 'slots');
    assert.equal(legend(undefined, { __name__: 'up', job: 'a' }), 'up{job="a"}');
    assert.equal(formatValue(0.0123, 's'), '12.3 ms');
    assert.equal(formatValue(2.5, 's'), '2.5 s');
    assert.equal(formatValue(0.0000421, 's'), '42.1 µs');
    assert.equal(formatValue(300 * 1024 * 1024, 'bytes'), '300 MiB');
    assert.equal(formatValue(12.345, 'reqps'), '12.3 req/s');
    assert.equal(formatValue(1500, 'short'), '1.5 K');
    assert.ok(grafanaRegex('/^loop lag/').test('loop lag p99 api'));
    assert.ok(!grafanaRegex('loop lag').test('loop lag p99 api'));
  });

  it('names the metrics of every panel of ops/grafana/dashboards/kws.json', async () => {
    const dashboard = JSON.parse(await readFile(path.join(repoRoot, 'ops/grafana/dashboards/kws.json'), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    assert.deepEqual(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{outcome="x"}[$__rate_interval])))',
      ),
      ['http_request_duration_seconds_bucket'],
    );
    assert.deepEqual(selectors('sum by (stage) (rate(x_count{outcome="fail}ure",a=~"b"}[5m])) + max(y)'), [
      'x_count{outcome="fail}ure",a=~"b"}',
      'y',
    ]);
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        const names = metricNames(target.expr);
        assert.ok(names.length > 0, `${panel.title}: ${target.expr}`);
        for (const name of names) assert.match(name, /^(http|kws|temporal|process|nodejs)_[a-z0-9_]+$/, panel.title);
      }
    }
  });
});
