// Rows to the Agent API's JSON: exactly the response schemas of schema.ts (never an auth token).
import type { AgentMessageRow, AgentServerRow, AgentThreadRow } from '../../../db/rows';
import type { Message, Server, Thread, ThreadWithMessages } from './schema';

export function presentThread(row: AgentThreadRow): Thread {
  return {
    id: row.id,
    title: row.title,
    roleId: row.role_id,
    agentServerId: row.agent_server_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentMessage(row: AgentMessageRow): Message {
  return {
    id: row.id,
    threadId: row.thread_id,
    role: row.role,
    content: row.content,
    sources: row.sources,
    model: row.model,
    finishReason: row.finish_reason,
    tokenUsage: row.token_usage,
    thinking: row.thinking,
    toolCalls: row.tool_calls as Message['toolCalls'],
    toolCallId: row.tool_call_id,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentThreadWithMessages(
  row: AgentThreadRow,
  page: { messages: AgentMessageRow[]; hasMore: boolean },
): ThreadWithMessages {
  return { ...presentThread(row), messages: page.messages.map(presentMessage), hasMoreMessages: page.hasMore };
}

export function presentServer(row: AgentServerRow): Server {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    model: row.model,
    hasAuthToken: row.auth_token_sealed !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
