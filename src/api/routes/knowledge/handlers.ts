// What several knowledge routes share: loading an item the caller may see, and answering a creation that may
// have been an upsert by external id.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../../services/deps';
import * as knowledgeService from '../../../services/knowledge/knowledge';
import type { Upserted } from '../../../services/knowledge/upserts';
import { requireAuth } from '../../middleware/authenticate';
import { presentUpserted } from './presenters';
import type { SourceCreated } from './schema';

/** Loads an item the caller may see; invisible items are reported as not found. */
export const loadVisible = async (deps: Deps, ctx: Context) => {
  const auth = requireAuth(ctx);
  const row = await knowledgeService.loadVisibleKnowledge(deps, auth, ctx.params.knowledgeId ?? '');
  return { auth, row };
};

export const created = (out: { id: string; jobId: string }): SourceCreated => ({
  id: out.id,
  knowledgeId: out.id,
  jobId: out.jobId,
  status: 'BACKGROUND_START',
});

/** A creation's answer: a new item (its own status), or an existing one's, by external id (202 or 200). */
export const answerUpsert = <C>(ctx: Context, out: Upserted<C>, answerCreated: (c: C) => void) => {
  if (out.kind === 'created') return answerCreated(out.created);
  ctx.status = out.kind === 'replaced' ? 202 : 200;
  ctx.body = presentUpserted(out);
};

/** A sub-resource's routes, by operation id: each mounts its route on the knowledge router (router.ts). */
export type KnowledgeRoutes = Record<string, (router: Router) => unknown>;
