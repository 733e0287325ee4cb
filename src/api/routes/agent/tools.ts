// The first-party tools: one registry behind GET /agent/tools, POST /agent/tools/{name}/execute, the MCP
// endpoint and the agent runs. Each tool calls the service of the endpoint it mirrors with the same filter
// path (the caller's role scope under ACTIVE RBAC), and answers that endpoint's JSON.
import { z } from 'zod';
import type { AgentSource } from '../../../db/rows';
import type { Deps } from '../../../services/deps';
import { notFound, type ErrorHelp } from '../../../errors';
import type { AuthState } from '../../../policies/credentials';
import { loadVisibleKnowledge } from '../../../services/knowledge/knowledge';
import { knowledgeRag } from '../../../services/search/rag';
import {
  EXCERPT_CHARS,
  searchDeps,
  searchVisibleKnowledge,
  titleSearchVisible,
  type SearchResult,
} from '../../../services/search/search';
import { presentKnowledge } from '../knowledge/presenters';
import { presentSearchResult } from '../knowledge/search/presenters';
import {
  GetKnowledgeToolInputSchema,
  KnowledgeSearchToolInputSchema,
  RagToolInputSchema,
  TitleSearchToolInputSchema,
} from './schema';
import { fieldProblems } from '../../validate';

export interface ToolContext {
  deps: Pick<Deps, 'db' | 'embeddings' | 'metrics' | 'config' | 'logger' | 'reranker'>;
  auth: AuthState;
}

export interface ToolDefinition<S extends z.ZodType> {
  name: string;
  description: string;
  input: S;
  run(ctx: ToolContext, input: z.infer<S>): Promise<{ output: unknown; sources: AgentSource[] }>;
}

const tool = <S extends z.ZodType>(t: ToolDefinition<S>) => t as unknown as ToolDefinition<z.ZodType>;

/** A search tool's answer: the search endpoints' body, and each result as a source. */
function searchAnswer(results: SearchResult[]) {
  const output = { results: results.map(presentSearchResult), total: results.length };
  const sources = output.results.map((r) => ({ id: r.id, type: r.type, title: r.title, snippet: r.content }));
  return { output, sources };
}

export const TOOLS: readonly ToolDefinition<z.ZodType>[] = [
  tool({
    name: 'knowledge_search',
    description:
      "Search over the workspace's knowledge (the caller's role scope): the best-matching items, most relevant first, with an excerpt and a score; by meaning (semantic, the default), by exact words (keyword) or both (hybrid).",
    input: KnowledgeSearchToolInputSchema,
    async run({ deps, auth }, input) {
      return searchAnswer(await searchVisibleKnowledge(searchDeps(deps), auth, input));
    },
  }),
  tool({
    name: 'title_search',
    description: 'Find knowledge items whose title contains the given text (any case), newest first.',
    input: TitleSearchToolInputSchema,
    async run({ deps, auth }, input) {
      // The tool searches the caller's scope (its input carries no audience or role filter), narrowed by `filter`.
      return searchAnswer(
        await titleSearchVisible(deps, auth, { title: input.title, limit: input.limit, filter: input.filter }),
      );
    },
  }),
  tool({
    name: 'get_knowledge',
    description: 'One knowledge item by id: its type, content (URL, file path or text), status and metadata.',
    input: GetKnowledgeToolInputSchema,
    async run({ deps, auth }, input) {
      const row = await loadVisibleKnowledge(deps, auth, input.knowledgeId);
      const output = presentKnowledge(row);
      return {
        output,
        sources: [{ id: row.id, type: row.type, title: row.title, snippet: row.content.slice(0, EXCERPT_CHARS) }],
      };
    },
  }),
  tool({
    name: 'rag',
    description:
      'Passages of workspace knowledge that answer a question (retrieval-augmented generation), most relevant first, each with its source.',
    input: RagToolInputSchema,
    async run({ deps, auth }, input) {
      const output = await knowledgeRag(searchDeps(deps), auth, {
        text: input.text,
        topK: input.topK,
        filter: input.filter,
        contextWindow: input.contextWindow,
      });
      const sources = output.knowledgeResults
        .filter((p) => p.source !== '')
        .map((p) => ({ id: p.source, type: 'PASSAGE', title: p.source, snippet: p.text.slice(0, EXCERPT_CHARS) }));
      return { output, sources };
    },
  }),
];

const byName = new Map(TOOLS.map((t) => [t.name, t]));

export const TOOL_NOT_FOUND = 'Tool not found';

/** The tool, or 404 "Tool not found". */
export function findTool(name: string): ToolDefinition<z.ZodType> {
  const found = byName.get(name);
  if (!found) {
    throw notFound(TOOL_NOT_FOUND, {
      pathParam: 'name',
      hint: `The tools are ${TOOLS.map((t) => t.name).join(', ')} (GET …/agent/tools lists them with their inputs).`,
    });
  }
  return found;
}

type DocumentedMeta = { override?: (ctx: { jsonSchema: Record<string, unknown> }) => void };

/** JSON Schema (2020-12) of a tool's input as agent frameworks register it: an object with its properties. */
export function toolInputJsonSchema(t: ToolDefinition<z.ZodType>): Record<string, unknown> {
  const { $schema, ...schema } = z.toJSONSchema(t.input, {
    io: 'input',
    unrepresentable: 'any',
    // A field the document describes by hand (documentedAs, such as `filter`) is described so here too.
    override: (ctx) => (z.globalRegistry.get(ctx.zodSchema) as DocumentedMeta | undefined)?.override?.(ctx),
  }) as Record<string, unknown>;
  void $schema;
  return schema;
}

export function describeTools(): Array<{ name: string; description: string; inputSchema: Record<string, unknown> }> {
  return TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: toolInputJsonSchema(t) }));
}

/**
 * Runs a tool for the caller on raw input: a problem with the input comes back as a message naming the field
 * (the caller decides whether that is a 400 or an error result the model can read); failures of the tool
 * itself (an unknown knowledge id, an unknown audience) throw their AppError.
 */
export async function runTool(
  ctx: ToolContext,
  t: ToolDefinition<z.ZodType>,
  rawInput: unknown,
  at: readonly PropertyKey[] = [],
): Promise<{ ok: true; output: unknown; sources: AgentSource[] } | { ok: false; message: string; help: ErrorHelp }> {
  const parsed = fieldProblems(t.input, rawInput, at);
  if (!parsed.ok) return parsed;
  return { ok: true, ...(await t.run(ctx, parsed.data)) };
}
