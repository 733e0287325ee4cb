// Hand-written examples of the Agent API (requests and main responses): a support assistant's thread about API
// key rotation, answered from the runbook of the knowledge examples.
import { EXAMPLE_IDS, example, type Example } from '../../openapi/operation';
import { SECURITY_FILTER } from '../knowledge/examples';
import { describeTools } from './tools';

const { knowledgeId, roleId, threadId, agentServerId } = EXAMPLE_IDS;
const QUESTION = 'How do I rotate an API key without downtime?';
const ANSWER =
  'Create a second key, deploy it to every service that calls the API, wait until the old key is no longer ' +
  'used, then revoke the old key.';
const SNIPPET =
  'Rotate an API key without downtime: create a second key under Settings > API keys, deploy it to every service…';
const userMessageId = '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f';
const assistantMessageId = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const toolMessageId = '2b3c4d5e-6f7a-4b8c-9d0e-2f3a4b5c6d7e';
const at = (seconds: number) => `2025-03-21T10:15:${String(seconds).padStart(2, '0')}.000Z`;
const source = { id: knowledgeId, type: 'STRING', title: 'Rotating API keys', snippet: SNIPPET };

const thread = {
  id: threadId,
  title: 'Rotating the production API key',
  roleId,
  agentServerId: null,
  createdAt: at(0),
  updatedAt: at(0),
};
export const createThreadExamples = {
  request: { titled: example('A thread with a title', { title: 'Rotating the production API key' }) },
  response: { created: example("The thread (bound to the token's role under ACTIVE RBAC)", thread) },
};

/** An answer as your own agent posts it: its sources, the tools it called and its usage. */
const postedAnswer = {
  id: assistantMessageId,
  role: 'assistant',
  content: ANSWER,
  sources: [source],
  model: 'gpt-4o-mini',
  finishReason: 'stop',
  tokenUsage: { inputTokens: 812, outputTokens: 46, totalTokens: 858 },
  toolCalls: [
    {
      id: 'call_7Qm2',
      name: 'knowledge_search',
      arguments: { query: 'rotate API key', mode: 'hybrid', limit: 3 },
      startedAt: at(3),
      finishedAt: at(4),
    },
  ],
};

const storedAnswer = { ...postedAnswer, threadId, thinking: [], toolCallId: null, createdAt: at(6) };

export const postAgentMessageExamples = {
  request: {
    user: example("The user's question (the id is yours: sending it again is harmless)", {
      id: userMessageId,
      role: 'user',
      content: QUESTION,
    }),
    tool: example('What a tool your agent called returned (toolCallId names the call it answers)', {
      id: toolMessageId,
      role: 'tool',
      toolCallId: 'call_7Qm2',
      content: JSON.stringify({ total: 1, results: [{ id: knowledgeId, title: 'Rotating API keys' }] }),
    }),
    assistant: example('An answer your own agent produced, with its sources, tool calls and usage', postedAnswer),
  },
  response: { stored: example('The stored message', storedAnswer) },
  /** The 200 of a repeat (the same id and body): the message as first stored. */
  repeated: { stored: example('The same message sent again: the one stored the first time', storedAnswer) },
};

/** The user's question as the thread stores it. */
const storedQuestion = {
  id: userMessageId,
  threadId,
  role: 'user',
  content: QUESTION,
  sources: [],
  model: null,
  finishReason: null,
  tokenUsage: null,
  thinking: [],
  toolCalls: [],
  toolCallId: null,
  createdAt: at(1),
};
/** The thread once the question and its answer are stored (a stored message updates the thread). */
const answeredThread = { ...thread, updatedAt: storedAnswer.createdAt };
export const listThreadsExamples = {
  response: { threads: example('One thread', { threads: [answeredThread], total: 1, page: 1, limit: 20 }) },
};
export const getThreadExamples = {
  response: {
    thread: example('The thread with its question and answer', {
      ...answeredThread,
      messages: [storedQuestion, storedAnswer],
      hasMoreMessages: false,
    }),
  },
};

const events: Array<[string, unknown]> = [
  ['tool.call', { id: 'call_7Qm2', name: 'knowledge_search', arguments: { query: 'rotate API key', limit: 3 } }],
  ['tool.result', { id: 'call_7Qm2', name: 'knowledge_search', output: { total: 1 } }],
  ['sources', { sources: [source] }],
  ['message.delta', { content: 'Create a second key, ' }],
  ['message.delta', { content: 'deploy it, then revoke the old one.' }],
  ['done', { runId: '3e5a7c9b-1d2f-4a6e-8b0c-4d6f8a0c2e4b', status: 'completed' }],
];
export const runExamples = {
  request: {
    ask: example('Add a user message and run', {
      message: { id: '2b3c4d5e-6f7a-4b9c-8d1e-2f3a4b5c6d7e', content: QUESTION },
    }),
    otherModel: example('Run with another model than the server’s default', {
      message: { id: '4d5e6f7a-8b9c-4d1e-9f2a-3b4c5d6e7f8a', content: 'And how often should I rotate it?' },
      model: 'gpt-4o',
    }),
  },
  response: {
    stream: example(
      'The event stream (abridged)',
      events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
    ),
  },
};

export const agentRagExamples = {
  request: {
    question: example('Passages for a question', { text: QUESTION, topK: 3 }),
    filtered: example('Within a filter, hybrid-ranked', {
      text: QUESTION,
      topK: 5,
      filter: SECURITY_FILTER,
      hybridWeight: 0.7,
    }),
    withContext: example('Each passage with the chunk before and after it', {
      text: QUESTION,
      topK: 3,
      contextWindow: 1,
    }),
  },
  response: {
    passages: example('The passages, most relevant first', {
      knowledgeResults: [
        {
          text: SNIPPET,
          source: '1:Security handbook',
          score: 0.81,
          headings: ['API keys', 'Rotating a key without downtime'],
        },
      ],
    }),
    withContext: example('With contextWindow 1: the passage between its neighbouring chunks', {
      knowledgeResults: [
        {
          text: SNIPPET,
          source: '1:Security handbook',
          score: 0.81,
          headings: ['API keys', 'Rotating a key without downtime'],
          context: `API keys never expire on their own; each belongs to one workspace.\n${SNIPPET}\nRevoking a key takes effect within a minute on every instance.`,
        },
      ],
    }),
  },
};

const searchToolOutput = {
  output: {
    results: [
      {
        id: knowledgeId,
        title: 'Rotating API keys',
        type: 'STRING',
        url: SNIPPET,
        content: SNIPPET,
        metadata: { title: 'Rotating API keys', language: 'en' },
        attributes: { team: 'security' },
        createdAt: '2025-03-14T09:26:53.412Z',
        updatedAt: '2025-03-18T16:02:11.087Z',
        pageNumber: 1,
        headings: ['API keys', 'Rotating a key without downtime'],
        score: 0.78,
      },
    ],
    total: 1,
  },
};

/** One operation per tool (POST …/agent/tools/<name>/execute): each tool's input, and its output. */
export const executeToolExamples: Record<
  string,
  { request: Record<string, Example>; response: Record<string, Example> }
> = {
  knowledge_search: {
    request: {
      hybrid: example('Hybrid search for a question', {
        input: { query: 'How do I rotate an API key?', mode: 'hybrid', limit: 3 },
      }),
    },
    response: { output: example('The best-matching items', searchToolOutput) },
  },
  title_search: {
    request: { title: example('Items whose title holds the text', { input: { title: 'api key', limit: 5 } }) },
    response: { output: example('The matching items, newest first', searchToolOutput) },
  },
  get_knowledge: {
    request: { item: example('One item by id', { input: { knowledgeId } }) },
    response: {
      output: example('The item', {
        output: {
          id: knowledgeId,
          title: 'Rotating API keys',
          type: 'STRING',
          status: 'COMPLETED',
          content: SNIPPET,
          createdAt: '2025-03-14T09:26:53.412Z',
          updatedAt: '2025-03-18T16:02:11.087Z',
        },
      }),
    },
  },
  rag: {
    request: { question: example('Passages for a question', { input: { text: QUESTION, topK: 3 } }) },
    response: {
      output: example('The passages, most relevant first', {
        output: {
          knowledgeResults: [
            {
              text: SNIPPET,
              source: knowledgeId,
              score: 0.81,
              headings: ['API keys', 'Rotating a key without downtime'],
            },
          ],
        },
      }),
    },
  },
};

const server = {
  id: agentServerId,
  name: 'Support assistant',
  url: 'https://llm.example.com/v1/chat/completions',
  description: 'Answers support questions from the workspace knowledge',
  model: 'gpt-4o-mini',
  hasAuthToken: true,
  createdAt: '2025-03-20T08:00:00.000Z',
  updatedAt: '2025-03-20T08:00:00.000Z',
};
export const listServersExamples = { response: { servers: example('One server', { servers: [server], total: 1 }) } };
export const getServerExamples = { response: { server: example('The server (its token is never shown)', server) } };
export const deleteServerExamples = {
  response: { removed: example('Removed', { success: true, id: agentServerId }) },
};

export const createServerExamples = {
  request: {
    server: example('An OpenAI-compatible chat completions endpoint', {
      name: 'Support assistant',
      url: 'https://llm.example.com/v1/chat/completions',
      description: 'Answers support questions from the workspace knowledge',
      model: 'gpt-4o-mini',
      authToken: 'sk-proj-4f8a2c6e9b1d3f5a7c9e',
    }),
  },
  response: { created: example('The server (its token is never shown)', server) },
};
export const updateServerExamples = {
  request: {
    model: example('Switch the default model', { model: 'gpt-4o' }),
    rotateToken: example('Replace the token the server is called with', { authToken: 'sk-proj-7b9d1f3a5c7e9a2c4e6b' }),
  },
  response: {
    updated: example('The server', { ...server, model: 'gpt-4o', updatedAt: '2025-03-22T14:31:09.000Z' }),
  },
};

export const mcpExamples = {
  request: {
    toolsList: example('List the tools', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    toolsCall: example('Call knowledge_search', {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'knowledge_search', arguments: { query: 'How do I rotate an API key?', limit: 3 } },
    }),
    initialize: example('Start a session (what MCP clients send first)', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'support-assistant', version: '1.4.0' },
      },
    }),
  },
  response: {
    tools: example('The tools (abridged)', {
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'knowledge_search',
            description: "Search over the workspace's knowledge (the caller's role scope)…",
            inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
          },
        ],
      },
    }),
  },
};

/**
 * The tools as GET …/agent/tools lists them, but with each filter's schema (some 25 KB of comparisons) cut to
 * its description: the rest is the service's own answer.
 */
const toolsAbridged = describeTools().map((t) => {
  const properties = t.inputSchema.properties as Record<string, { description?: string }>;
  const abridged = Object.entries(properties).map(([name, field]) =>
    name === 'filter' ? [name, { description: field.description }] : [name, field],
  );
  return { ...t, inputSchema: { ...t.inputSchema, properties: Object.fromEntries(abridged) } };
});
export const listToolsExamples = {
  response: {
    tools: example(
      "The four tools, each with its input schema (the filter's abridged)",
      { tools: toolsAbridged },
      'The filter of knowledge_search, title_search and rag takes the schema of the search endpoints’ filter.',
    ),
  },
};
