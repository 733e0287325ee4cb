// What every kws command shares: argument checks, the connect-run-print wrapper and the workspace lookup.
import type { OwnComponents } from '../web/ownComponents';
import type { Command } from 'commander';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/knex';
import type { WorkspaceRow } from '../db/rows';
import { isUuid } from '../ids';
import type { DbDeps } from '../services/deps';
import { loadAdminWorkspace } from '../services/operations/workspaces';
import { connectForCli } from './connect';

export class CliError extends Error {}

export interface CliDeps {
  db: Db;
  config: Config;
  ownComponents: OwnComponents;
}

export function uuid(name: string, value: string): string {
  if (!isUuid(value)) throw new CliError(`${name} must be a UUID, got "${value}"`);
  // Ids are stored and compared in lower case; a UUID's case carries nothing.
  return value.toLowerCase();
}

/** Commander parser of a comma-separated, repeatable option. */
export const list = (v: string, prev: string[] = []) => [
  ...prev,
  ...v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

/** The given options only: an absent option leaves its field as it is. */
export function definedOnly<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const iso = (d: Date) => d.toISOString();

type Json = Record<string, unknown> | unknown[];

/** Wraps an action: connects, runs, prints one JSON value (--json) or a readable line, closes. */
export function action<A extends unknown[]>(run: (deps: CliDeps, ...args: A) => Promise<{ json: Json; text: string }>) {
  return async (...args: A) => {
    const cmd = args[args.length - 1] as Command;
    const globals = cmd.optsWithGlobals<{ json?: boolean; init?: boolean }>();
    const json = Boolean(globals.json);
    const config = loadConfig();
    const { db, ownComponents, close } = await connectForCli(config, { init: Boolean(globals.init) });
    try {
      const out = await run({ db, config, ownComponents }, ...args);
      process.stdout.write(json ? `${JSON.stringify(out.json)}\n` : `${out.text}\n`);
    } finally {
      await close();
    }
  };
}

/** The live workspace a --workspace option names. */
export function requireWorkspace(db: Db, id: string): Promise<WorkspaceRow> {
  return loadAdminWorkspace({ db }, uuid('--workspace', id));
}

/** `<group> delete --workspace W --id ID`: the same shape for every workspace-owned record. */
export function deleteCommand(
  group: Command,
  idName: string,
  remove: (deps: DbDeps, workspaceId: string, id: string) => Promise<void>,
): void {
  group
    .command('delete')
    .requiredOption('--workspace <workspaceId>')
    .requiredOption(`--id <${idName}>`)
    .action(
      action(async ({ db }, opts: { workspace: string; id: string }) => {
        const w = await requireWorkspace(db, opts.workspace);
        await remove({ db }, w.id, uuid('--id', opts.id));
        return { json: { id: opts.id, deleted: true }, text: `deleted ${opts.id}` };
      }),
    );
}

/** `<group> link --workspace W --id ID --knowledge K1,K2`: attaches items of the same workspace. */
export function linkKnowledgeCommand(
  group: Command,
  spec: {
    description: string;
    idName: string;
    /** The output's key for the id: categoryId, audienceId. */
    key: string;
    link: (deps: DbDeps, workspaceId: string, id: string, knowledgeIds: string[]) => Promise<number>;
  },
): void {
  group
    .command('link')
    .description(spec.description)
    .requiredOption('--workspace <workspaceId>')
    .requiredOption(`--id <${spec.idName}>`)
    .requiredOption('--knowledge <ids>', 'comma-separated knowledge ids (repeatable)', list)
    .action(
      action(async ({ db }, opts: { workspace: string; id: string; knowledge: string[] }) => {
        const w = await requireWorkspace(db, opts.workspace);
        const ids = opts.knowledge.map((k) => uuid('--knowledge', k));
        const linked = await spec.link({ db }, w.id, uuid('--id', opts.id), ids);
        return { json: { [spec.key]: opts.id, linked }, text: `linked ${linked}` };
      }),
    );
}
