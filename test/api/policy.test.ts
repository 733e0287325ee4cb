// Every mounted route declares its action through guard(), every action is in the policy table, and the
// docs/concepts/credentials.md's route x credential table is exactly the one the mounted router yields.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import { apiRouter } from '../../src/api/app';
import { guard } from '../../src/api/middleware/authenticate';
import { renderActionList, renderPolicyTable, routeEntries } from '../../src/api/routes/table';
import { ACTIONS } from '../../src/policies/actions';
import { getStack } from '../helpers/stack';

const README = path.resolve(__dirname, '../../../docs/concepts/credentials.md');

/** A markdown table row's cells, trimmed; separator rows become dashes. */
const tableCells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => (/^\s*-+\s*$/.test(c) ? '---' : c.trim()));

describe('authorization policy: the route table', () => {
  it('gives every mounted route a declared action from the policy table', async () => {
    const entries = routeEntries(apiRouter((await getStack()).deps));
    assert.ok(entries.length >= 30, `${entries.length} routes`);
    const unguarded = entries.filter((e) => e.action === undefined).map((e) => `${e.method} ${e.path}`);
    assert.deepEqual(unguarded, [], 'routes without a declared action');
    for (const e of entries) assert.ok(ACTIONS.includes(e.action!), `${e.method} ${e.path}: ${e.action}`);
  });

  it('fails for a route mounted without a guard (the check itself can fail)', async () => {
    const { deps } = await getStack();
    const root = apiRouter(deps);
    const extra = new Router({ prefix: '/v1/workspaces/:workspaceId' });
    extra.get('/guarded', guard(deps, 'knowledge.read'), (ctx) => void (ctx.body = {}));
    extra.post('/forgotten', (ctx) => void (ctx.body = {}));
    root.use(extra.routes());
    const entries = routeEntries(root);
    assert.equal(entries.find((e) => e.path.endsWith('/guarded'))?.action, 'knowledge.read');
    assert.deepEqual(
      entries.filter((e) => e.action === undefined).map((e) => `${e.method} ${e.path}`),
      ['POST /v1/workspaces/{workspaceId}/forgotten'],
    );
  });

  it('matches docs/concepts/credentials.md: the route x credential table and the action list', async () => {
    const readme = await readFile(README, 'utf8');
    const table = renderPolicyTable(routeEntries(apiRouter((await getStack()).deps)));
    // Prettier pads the guide's table cells; compare cell by cell.
    const header = table.split('\n')[0]!;
    const start = readme.split('\n').findIndex((l) => tableCells(l).join('|') === tableCells(header).join('|'));
    assert.ok(
      start >= 0,
      `docs/concepts/credentials.md must contain this table (paste it, then run npm run format):\n\n${table}\n`,
    );
    const lines = readme.split('\n').slice(start);
    const readmeRows = lines
      .slice(
        0,
        lines.findIndex((l) => !l.startsWith('|')),
      )
      .map(tableCells);
    assert.deepEqual(
      readmeRows,
      table.split('\n').map(tableCells),
      `docs/concepts/credentials.md's table must be:\n\n${table}\n`,
    );
    const actions = renderActionList();
    assert.ok(readme.includes(actions), `docs/concepts/credentials.md must contain this action list:\n\n${actions}\n`);
  });
});
