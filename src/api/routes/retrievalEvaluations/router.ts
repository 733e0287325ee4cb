// Retrieval evaluations: an operator's labelled questions measured under the runs it compares. Only the workspace
// credential creates, reads, compares and deletes them (retrieval.evaluate); a run may search as a role.
import type Router from '@koa/router';
import { apiRoutesUnder } from '../router';
import type { Deps } from '../../../services/deps';
import {
  compareEvaluations,
  createEvaluation,
  deleteEvaluation,
  listEvaluations,
  viewEvaluation,
} from '../../../services/search/retrievalEvaluations';
import { guard, requireAuth } from '../../middleware/authenticate';
import { validate, validateFields } from '../../validate';
import { presentComparison, presentEvaluation, presentEvaluationSummary } from './presenters';
import {
  CreateEvaluationSchema,
  EvaluationListQuerySchema,
  EvaluationQuerySchema,
  type EvaluationComparison,
  type EvaluationList,
  type EvaluationOutput,
  type EvaluationSummaryOutput,
} from './schema';

export function retrievalEvaluationsRouter(deps: Deps): Router {
  const router = apiRoutesUnder('/v1/workspaces/:workspaceId/retrieval-evaluations');
  const evaluate = guard(deps, 'retrieval.evaluate');

  router.post('/', evaluate, async (ctx) => {
    const input = validateFields(CreateEvaluationSchema, ctx.request.body);
    const row = await createEvaluation(deps, requireAuth(ctx).workspace, input);
    ctx.status = 202;
    ctx.body = presentEvaluationSummary(row) satisfies EvaluationSummaryOutput;
  });
  router.get('/', evaluate, async (ctx) => {
    const { page, limit } = validate(EvaluationListQuerySchema, ctx.query);
    const { rows, total } = await listEvaluations(deps, requireAuth(ctx).workspace.id, { page, limit });
    ctx.body = { evaluations: rows.map(presentEvaluationSummary), total, page, limit } satisfies EvaluationList;
  });
  router.get('/:evaluationId', evaluate, async (ctx) => {
    const query = validate(EvaluationQuerySchema, ctx.query);
    const view = await viewEvaluation(deps, requireAuth(ctx).workspace.id, ctx.params.evaluationId!, query);
    ctx.body = presentEvaluation(view) satisfies EvaluationOutput;
  });
  router.get('/:evaluationId/compare/:baselineId', evaluate, async (ctx) => {
    const { workspace } = requireAuth(ctx);
    const compared = await compareEvaluations(deps, workspace.id, ctx.params.evaluationId!, ctx.params.baselineId!);
    ctx.body = presentComparison(compared) satisfies EvaluationComparison;
  });
  router.delete('/:evaluationId', evaluate, async (ctx) => {
    await deleteEvaluation(deps, requireAuth(ctx).workspace.id, ctx.params.evaluationId!);
    ctx.body = { success: true };
  });
  return router;
}
