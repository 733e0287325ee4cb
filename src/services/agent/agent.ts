// Agent threads, messages and servers: the business rules behind the Agent API (and the agent runs).
// Threads are bound to the creating token's role and subject; under ACTIVE RBAC a caller sees only its role's
// threads, a subject-bound token only its subject's (src/policies/scopes.ts threadScope), and a thread it cannot
// see does not exist for it (404). Messages are idempotent by client id.
import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import * as agent from '../../db/repositories/agent';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import type {
  AgentMessageRole,
  AgentMessageRow,
  AgentServerRow,
  AgentSource,
  AgentThinkingStep,
  AgentThreadRow,
  AgentTokenUsage,
  AgentToolCall,
} from '../../db/rows';
import { badRequest, conflict, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthState } from '../../policies/credentials';
import { blockedReason } from '../../web/address';
import { checkUrlAddress, FetchError, type AddressPolicy } from '../../web/fetch';
import type { OwnComponents } from '../../web/ownComponents';
import { threadOwner, threadRole, threadScope, threadSubject } from '../../policies/scopes';
import { boundReached } from '../operations/bounds';
import { requireMessageFitsQuota } from '../knowledge/storageQuota';
import { urlRefusal } from '../sources/urlRefusal';
import type { SecretBox } from '../secretBox';
import type { DbDeps } from '../deps';

export const AgentMessages = {
  threadNotFound: 'Thread not found',
  invalidThreadId: 'Invalid thread ID format',
  serverNotFound: 'Agent server not found',
  invalidServerId: 'Invalid agent server ID format',
  messageConflict: 'A message with this id already exists in the thread with a different body',
  messagesAfterUnknown: 'messagesAfter must be the id of a message in this thread',
  serverNameTaken: 'An agent server with this name already exists',
  tokenUnreadable:
    "The agent server's auth token cannot be read (sealed under another key, or for another URL): " +
    'set it again with PATCH /v1/workspaces/{workspaceId}/agent/servers/{id}',
} as const;

// ---- threads

/**
 * A new thread bound to the caller's role and subject, within the bounds: the workspace's threads
 * (WORKSPACE_MAX_AGENT_THREADS) and the creating end user's (AGENT_MAX_THREADS_PER_SUBJECT), counted under a
 * per-workspace lock so concurrent creations hold them.
 */
export async function createThread(
  deps: { db: Db; config: Pick<Config, 'bounds'> },
  auth: AuthState,
  input: { title: string; agentServerId?: string },
): Promise<AgentThreadRow> {
  const { db } = deps;
  const { workspaceAgentThreads, agentThreadsPerSubject } = deps.config.bounds;
  if (input.agentServerId) await loadServer({ db }, auth.workspace.id, input.agentServerId);
  return db.transaction(async (trx) => {
    await lockWorkspaceScope(trx, 'agent-threads', auth.workspace.id);
    const owner = threadOwner(auth);
    if (owner && (await agent.countThreads(trx, auth.workspace.id, owner)) >= agentThreadsPerSubject) {
      throw boundReached('agentThreadsPerSubject', agentThreadsPerSubject);
    }
    if ((await agent.countThreads(trx, auth.workspace.id, {})) >= workspaceAgentThreads) {
      throw boundReached('workspaceAgentThreads', workspaceAgentThreads);
    }
    return agent.insertThread(trx, {
      id: randomUUID(),
      workspace_id: auth.workspace.id,
      role_id: threadRole(auth),
      subject: threadSubject(auth),
      agent_server_id: input.agentServerId ?? null,
      title: input.title,
    });
  });
}

export function listThreads({ db }: DbDeps, auth: AuthState, page: { page: number; limit: number }) {
  return agent.listThreads(db, auth.workspace.id, threadScope(auth), {
    offset: (page.page - 1) * page.limit,
    limit: page.limit,
  });
}

/** The thread if the caller may see it: 400 for a malformed id, 404 when absent or outside the caller's scope. */
export async function loadThread(
  { db }: DbDeps,
  auth: AuthState,
  threadId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AgentThreadRow> {
  if (!isUuid(threadId))
    throw badRequest(AgentMessages.invalidThreadId, { code: 'invalid_field', pathParam: 'threadId' });
  const row = await agent.findThread(db, auth.workspace.id, threadId, threadScope(auth), opts);
  if (!row) throw notFound(AgentMessages.threadNotFound, { pathParam: 'threadId' });
  return row;
}

/**
 * A page of the thread's messages, oldest first: those after the message `after` names (none: from the first),
 * as many as fit in `maxBytes` of stored size (at least one), and whether more follow. A thread may hold
 * 16 MiB (AgentLimits.threadBytes); one read answers a bounded part of it, so one end user's reads of a full thread do not
 * hold the process's memory.
 */
export async function readThreadMessages(
  { db }: DbDeps,
  thread: AgentThreadRow,
  page: { after?: string; maxBytes: number; maxMessages: number },
): Promise<{ messages: AgentMessageRow[]; hasMore: boolean }> {
  let afterSeq = 0;
  if (page.after !== undefined) {
    const from = await agent.findMessage(db, thread.workspace_id, thread.id, page.after);
    if (!from) {
      throw badRequest(AgentMessages.messagesAfterUnknown, {
        code: 'message_not_in_thread',
        param: 'messagesAfter',
        hint: "Send the id of the last message of the page you read (the thread's messages, in order).",
      });
    }
    afterSeq = from.seq;
  }
  return agent.listMessagePage(db, thread.workspace_id, thread.id, {
    afterSeq,
    maxBytes: page.maxBytes,
    maxMessages: page.maxMessages,
  });
}

// ---- messages

export interface NewAgentMessage {
  id: string;
  role: AgentMessageRole;
  content?: string;
  sources?: AgentSource[];
  model?: string;
  finishReason?: string;
  tokenUsage?: AgentTokenUsage;
  thinking?: AgentThinkingStep[];
  toolCalls?: AgentToolCall[];
  toolCallId?: string;
}

/** JSON with object keys sorted: equal values serialize equally whatever the order of their keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function messageRow(
  workspaceId: string,
  threadId: string,
  m: NewAgentMessage,
): { row: Omit<AgentMessageRow, 'seq' | 'created_at'>; bytes: number } {
  const body = {
    id: m.id,
    role: m.role,
    content: m.content ?? null,
    sources: m.sources ?? [],
    model: m.model ?? null,
    finish_reason: m.finishReason ?? null,
    token_usage: m.tokenUsage ?? null,
    thinking: m.thinking ?? [],
    tool_calls: m.toolCalls ?? [],
    tool_call_id: m.toolCallId ?? null,
  };
  const canonical = canonicalJson(body);
  const bodyHash = createHash('sha256').update(canonical).digest('hex');
  const bytes = Buffer.byteLength(canonical);
  return { row: { ...body, thread_id: threadId, workspace_id: workspaceId, body_hash: bodyHash, bytes }, bytes };
}

/** How much a thread may hold: messages, and their stored size (so it can always be read and replayed). */
export interface ThreadLimits {
  maxMessages: number;
  maxBytes: number;
  /** The workspace's storage quota when it sets none of its own (messages count in its storage figure). */
  defaultStorageQuotaBytes: number;
  /** What one end user's threads hold together (AGENT_MAX_BYTES_PER_SUBJECT). */
  maxBytesPerSubject: number;
}

/**
 * Stores a message in a thread the caller may see. The thread's row lock serializes posts to it, so a
 * re-post of the same id (a client retry) finds the first: the same body answers the stored message
 * (created: false), a different body 409. A full thread (limits) answers 409.
 */
export async function postMessage(
  { db }: DbDeps,
  auth: AuthState,
  threadId: string,
  input: NewAgentMessage,
  limits: ThreadLimits,
): Promise<{ message: AgentMessageRow; created: boolean }> {
  return db.transaction(async (trx) => {
    const thread = await loadThread({ db: trx }, auth, threadId, { forUpdate: true });
    const { row, bytes } = messageRow(auth.workspace.id, thread.id, input);
    const existing = await agent.findMessage(trx, thread.workspace_id, thread.id, input.id);
    if (existing) {
      if (existing.body_hash !== row.body_hash) {
        throw conflict(AgentMessages.messageConflict, {
          param: 'id',
          hint: 'A message id is stored once: resend the same body to retry, or use a new id for a new message.',
        });
      }
      return { message: existing, created: false };
    }
    if (thread.message_count >= limits.maxMessages) {
      throw conflict(`The thread holds its maximum of ${limits.maxMessages} messages`);
    }
    if (Number(thread.stored_bytes) + bytes > limits.maxBytes) {
      throw conflict(`The thread holds its maximum of ${limits.maxBytes} bytes of messages`);
    }
    const owner = threadOwner(auth);
    if (owner && (await agent.storedBytesOf(trx, auth.workspace.id, owner)) + bytes > limits.maxBytesPerSubject) {
      throw boundReached('agentBytesPerSubject', limits.maxBytesPerSubject);
    }
    await requireMessageFitsQuota({ db: trx }, auth.workspace, limits.defaultStorageQuotaBytes, bytes);
    const message = await agent.insertMessage(trx, row);
    await agent.touchThread(trx, thread.workspace_id, thread.id, bytes);
    return { message, created: true };
  });
}

// ---- servers

/**
 * The door's address rule for agent servers, lifted only by AGENT_ALLOW_PRIVATE_NETWORKS (self-hosted models);
 * the service's own components are refused whatever it says.
 */
export const agentAddressPolicy = (config: Pick<Config, 'agent'>, own: OwnComponents): AddressPolicy => ({
  allowPrivateNetworks: config.agent.allowPrivateNetworks,
  own,
});

const isLoopbackHost = (url: URL) =>
  url.hostname === 'localhost' || blockedReason(url.hostname.replace(/^\[|\]$/g, '')) === 'loopback';

/**
 * https, or http to a loopback address when allowed for development; no credentials or fragment in it; an
 * address the outbound rule allows for agent servers.
 */
export async function checkServerUrl(
  value: string,
  config: Pick<Config, 'agent'>,
  own: OwnComponents,
): Promise<string> {
  const allowHttp = config.agent.allowHttpLoopback;
  const scheme = allowHttp ? 'url must be an https URL, or http on a loopback address' : 'url must be an https URL';
  const bad = (message: string, hint: string) => badRequest(message, { code: 'invalid_field', param: 'url', hint });
  const schemeHint = "Send the agent server's address as https://host/path (the base URL its API answers under).";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bad(scheme, schemeHint);
  }
  const httpAllowed = allowHttp && url.protocol === 'http:' && isLoopbackHost(url);
  if (url.protocol !== 'https:' && !httpAllowed) throw bad(scheme, schemeHint);
  if (url.username || url.password) {
    throw bad(
      'url must not carry credentials (use authToken)',
      'Remove user:password@ from url; send the token as authToken.',
    );
  }
  if (url.hash) throw bad('url must not have a fragment', 'Remove the #fragment from url.');
  try {
    await checkUrlAddress(url, agentAddressPolicy(config, own));
  } catch (err) {
    if (err instanceof FetchError) throw urlRefusal(err, 'url', 'AGENT_ALLOW_PRIVATE_NETWORKS');
    throw err;
  }
  return url.toString();
}

export async function loadServer({ db }: DbDeps, workspaceId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  if (!isUuid(id)) throw badRequest(AgentMessages.invalidServerId, { code: 'invalid_field', pathParam: 'id' });
  const row = await agent.findServer(db, workspaceId, id, opts);
  if (!row) throw notFound(AgentMessages.serverNotFound, { pathParam: 'id' });
  return row;
}

export const listServers = ({ db }: DbDeps, workspaceId: string) => agent.listServers(db, workspaceId);

/**
 * The associated data an auth token is sealed with: it opens only in its own row, and only for the origin it
 * was given for (a token never follows the server's URL to another host).
 */
const tokenContext = (row: Pick<AgentServerRow, 'workspace_id' | 'id' | 'url'>) =>
  `agent-server:${row.workspace_id}:${row.id}:${new URL(row.url).origin}`;

/**
 * The server's auth token in the clear, for the request to the server only (never returned, never logged).
 * A token sealed under another AGENT_SECRET_KEY, or for another origin (an older seal, or a URL changed
 * behind the service's back), never opens: only the caller setting it again (PATCH) repairs it, so 409.
 */
export function serverAuthToken(secrets: SecretBox, row: AgentServerRow): string | undefined {
  if (!row.auth_token_sealed) return undefined;
  try {
    return secrets.open(row.auth_token_sealed, tokenContext(row));
  } catch {
    throw conflict(AgentMessages.tokenUnreadable);
  }
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

export async function createServer(
  deps: { db: Db; secrets: SecretBox; config: Pick<Config, 'agent'>; ownComponents: OwnComponents },
  workspaceId: string,
  input: { name: string; url: string; description?: string; model?: string; authToken?: string },
  maxServers: number,
): Promise<AgentServerRow> {
  const url = await checkServerUrl(input.url, deps.config, deps.ownComponents);
  const id = randomUUID();
  const sealed = input.authToken
    ? deps.secrets.seal(input.authToken, tokenContext({ workspace_id: workspaceId, id, url }))
    : null;
  try {
    return await deps.db.transaction(async (trx) => {
      // Serialize creates per workspace so the cap holds under concurrency.
      await lockWorkspaceScope(trx, 'agent-servers', workspaceId);
      if ((await agent.countServers(trx, workspaceId)) >= maxServers) {
        throw conflict(`The workspace holds its maximum of ${maxServers} agent servers`);
      }
      return agent.insertServer(trx, {
        id,
        workspace_id: workspaceId,
        name: input.name,
        url,
        description: input.description ?? null,
        model: input.model ?? null,
        auth_token_sealed: sealed,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict(AgentMessages.serverNameTaken, {
        param: 'name',
        hint: 'Choose a name no other agent server of the workspace has.',
      });
    }
    throw err;
  }
}

export async function updateServer(
  deps: { db: Db; secrets: SecretBox; config: Pick<Config, 'agent'>; ownComponents: OwnComponents },
  workspaceId: string,
  id: string,
  input: { name?: string; url?: string; description?: string | null; model?: string | null; authToken?: string | null },
): Promise<AgentServerRow> {
  await loadServer(deps, workspaceId, id);
  const url = input.url === undefined ? undefined : await checkServerUrl(input.url, deps.config, deps.ownComponents);
  try {
    return await deps.db.transaction(async (trx) => {
      const current = await loadServer({ db: trx }, workspaceId, id, { forUpdate: true });
      const next = { ...current, url: url ?? current.url };
      const patch: Parameters<typeof agent.updateServer>[3] = {};
      if (input.name !== undefined) patch.name = input.name;
      if (url !== undefined) patch.url = url;
      if (input.description !== undefined) patch.description = input.description;
      if (input.model !== undefined) patch.model = input.model;
      if (input.authToken !== undefined) {
        patch.auth_token_sealed =
          input.authToken === null ? null : deps.secrets.seal(input.authToken, tokenContext(next));
      } else if (new URL(next.url).origin !== new URL(current.url).origin) {
        // The stored token was given for the old origin; it is not sent to another host.
        patch.auth_token_sealed = null;
      }
      const row = await agent.updateServer(trx, workspaceId, current.id, patch);
      if (!row) throw notFound(AgentMessages.serverNotFound, { pathParam: 'id' });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict(AgentMessages.serverNameTaken, {
        param: 'name',
        hint: 'Choose a name no other agent server of the workspace has.',
      });
    }
    throw err;
  }
}

/** Removes a server; threads bound to it stay, unbound (agentServerId null). */
export async function deleteServer({ db }: DbDeps, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw badRequest(AgentMessages.invalidServerId, { code: 'invalid_field', pathParam: 'id' });
  if (!(await agent.deleteServer(db, workspaceId, id)))
    throw notFound(AgentMessages.serverNotFound, { pathParam: 'id' });
}
