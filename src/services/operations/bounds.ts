// What one space, one end user and one workspace may hold (docs/reference/limits.md; the settings are in
// src/config.ts, `bounds`): each bound named once, with the 4xx a request past it gets. The message names
// the bound and its value; code is the setting's name in snake case, hint says what to do.
import { AppError, type ErrorCode } from '../../errors';
import type { Config } from '../../config';

type BoundName = keyof Config['bounds'];

interface Bound {
  /** The setting's name; in lower case it is the error's code (each one in the catalogue, src/errorCatalogue.ts). */
  setting: Uppercase<ErrorCode>;
  status: 409 | 413 | 429;
  message: (max: number | string) => string;
  hint: string;
  param?: string;
}

export const BOUNDS: Record<BoundName, Bound> = {
  spaceMessages: {
    setting: 'SPACE_MAX_MESSAGES',
    status: 409,
    message: (max) => `The space holds its maximum of ${max} messages`,
    hint: 'A space keeps at most SPACE_MAX_MESSAGES messages: erase the space, or ask the operator to raise it',
  },
  spaceMessageBytes: {
    setting: 'SPACE_MAX_MESSAGE_BYTES',
    status: 413,
    message: (max) => `The message is larger than ${max} bytes (text, content and sources together)`,
    hint: 'Send a shorter message: one message holds at most SPACE_MAX_MESSAGE_BYTES bytes',
    param: 'newMessage',
  },
  spaceMessagesBytes: {
    setting: 'SPACE_MAX_MESSAGES_BYTES',
    status: 409,
    message: (max) => `The space holds its maximum of ${max} bytes of messages`,
    hint: "A space's messages hold at most SPACE_MAX_MESSAGES_BYTES bytes: erase the space, or ask the operator to raise it",
  },
  spaceGroups: {
    setting: 'SPACE_MAX_GROUPS',
    status: 409,
    message: (max) => `The space holds its maximum of ${max} groups`,
    hint: 'Post into an existing group: a space holds at most SPACE_MAX_GROUPS groups',
  },
  workspaceSpaces: {
    setting: 'WORKSPACE_MAX_SPACES',
    status: 409,
    message: (max) => `The workspace holds its maximum of ${max} spaces`,
    hint: 'Erase the spaces of users who left, or ask the operator to raise WORKSPACE_MAX_SPACES',
  },
  roleSpaces: {
    setting: 'ROLE_MAX_SPACES',
    status: 409,
    message: (max) => `This role's tokens have created their maximum of ${max} spaces`,
    hint: "Activate further users' spaces with the workspace credential, or ask the operator to raise ROLE_MAX_SPACES",
  },
  agentThreadsPerSubject: {
    setting: 'AGENT_MAX_THREADS_PER_SUBJECT',
    status: 409,
    message: (max) => `This end user holds its maximum of ${max} agent threads`,
    hint: 'Continue an existing thread: one end user holds at most AGENT_MAX_THREADS_PER_SUBJECT threads',
  },
  agentBytesPerSubject: {
    setting: 'AGENT_MAX_BYTES_PER_SUBJECT',
    status: 409,
    message: (max) => `This end user holds its maximum of ${max} bytes of agent messages`,
    hint: "One end user's threads hold at most AGENT_MAX_BYTES_PER_SUBJECT bytes of messages",
  },
  agentRunsPerSubject: {
    setting: 'AGENT_MAX_RUNS_PER_SUBJECT',
    status: 429,
    message: (max) => `This end user has its maximum of ${max} agent runs in progress`,
    hint: 'Wait for a run to end: one end user runs at most AGENT_MAX_RUNS_PER_SUBJECT at a time',
  },
  workspaceAgentThreads: {
    setting: 'WORKSPACE_MAX_AGENT_THREADS',
    status: 409,
    message: (max) => `The workspace holds its maximum of ${max} agent threads`,
    hint: 'Ask the operator to raise WORKSPACE_MAX_AGENT_THREADS',
  },
  workspaceSources: {
    setting: 'WORKSPACE_MAX_SOURCES',
    status: 409,
    message: (max) => `The workspace holds its maximum of ${max} sources`,
    hint: 'Delete a source you no longer sync, or ask the operator to raise WORKSPACE_MAX_SOURCES',
  },
  workspaceApiKeys: {
    setting: 'WORKSPACE_MAX_API_KEYS',
    status: 409,
    message: (max) => `The workspace holds its maximum of ${max} active API keys`,
    hint: 'Revoke a key you no longer use (DELETE …/api-keys/{apiKeyId}), or ask the operator to raise WORKSPACE_MAX_API_KEYS',
  },
};

/** The refusal of a request past a bound: its status, a message naming the bound and its value, and help. */
export function boundReached(name: BoundName, max: number): AppError {
  const bound = BOUNDS[name];
  // Too many at once: retry shortly (a run ends within AGENT_RUN_TIMEOUT_MS).
  const headers: Record<string, string> = bound.status === 429 ? { 'Retry-After': '5' } : {};
  return new AppError(bound.status, bound.message(max), undefined, headers, {
    code: bound.setting.toLowerCase() as ErrorCode,
    hint: bound.hint,
    ...(bound.param ? { param: bound.param } : {}),
  });
}

/** The refusal's message as the OpenAPI document lists it (the value varies). */
export const boundMessage = (name: BoundName): string => BOUNDS[name].message('…');
