// A client for one streamed round of the OpenAI-compatible chat completions API (POST {url}/chat/completions
// with stream: true and tools), the protocol agent hosts speak: it reads the Server-Sent Events, hands each
// text delta on as it arrives, and assembles the tool calls, finish reason, model and token usage. Bounded:
// the answer's text, each tool call's arguments and the number of tool calls have limits.
import { AppError } from '../../errors';
import { openRequest, type AddressPolicy } from '../../web/fetch';

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRound {
  content: string;
  toolCalls: ChatToolCall[];
  finishReason: string | null;
  model: string | null;
  usage: { inputTokens: number; outputTokens: number; totalTokens: number } | null;
}

export interface ChatLimits {
  contentChars: number;
  argumentsChars: number;
  toolCalls: number;
}

/**
 * A failure of the agent server (502 in spirit: the error event says what went wrong, never a secret). `detail`
 * is what the connection or the server said (an address and port, a certificate's names, the server's own error
 * text): part of the message, and dropped by `summarized()` for a credential that may not read the agent server's
 * configuration (src/policies/scopes.ts mayReadAgentServerFailures).
 */
export class AgentServerError extends AppError {
  constructor(
    readonly summary: string,
    readonly detail?: string,
    join: 'parentheses' | 'colon' = 'parentheses',
  ) {
    super(502, detail === undefined ? summary : join === 'colon' ? `${summary}: ${detail}` : `${summary} (${detail})`);
  }

  /** The failure without its detail: what an end user's credential is told. */
  summarized(): AgentServerError {
    return new AgentServerError(this.summary);
  }
}

interface StreamChunk {
  model?: unknown;
  choices?: Array<{
    delta?: {
      content?: unknown;
      tool_calls?: Array<{ index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } }>;
    };
    finish_reason?: unknown;
  }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown } | null;
  error?: { message?: unknown };
}

export function chatCompletionsUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.toString();
}

/** The first \r or \n of the text, or -1. */
function lineBreakIn(text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return -1;
}

/**
 * The most one event may carry: a line, or an event's data lines together (an event that never ends, its data
 * lines sent without the blank line that closes it, grew the API's memory by 90 MB/s until the run's timeout).
 */
export const MAX_EVENT_CHARS = 1_000_000;

/** The most a tool call's name or id may be (OpenAI's function names are at most 64 characters). */
export const MAX_TOOL_NAME_CHARS = 256;

/** The data payloads of an SSE stream, one per event (multi-line data joined with newlines). */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  // The start of a line not yet ended, in pieces: it holds no line break, so only new text is searched, once, and
  // it is joined when its line ends (searching, or growing, one string on every chunk made a long line sent in
  // small pieces quadratic: 6 s for 1 MB in 100-byte pieces).
  let pending: string[] = [];
  let pendingLength = 0;
  // The last chunk ended in \r: a \n opening the next one ends no second line (\r\n is one line end).
  let afterCr = false;
  let data: string[] = [];
  let dataLength = 0;
  for await (const chunk of body) {
    let text = decoder.decode(chunk, { stream: true });
    if (afterCr && text.length > 0) {
      if (text.charCodeAt(0) === 10) text = text.slice(1);
      afterCr = false;
    }
    if (lineBreakIn(text) < 0) {
      pending.push(text);
      pendingLength += text.length;
    } else {
      const buffer = pending.join('') + text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        const line = buffer.slice(start, i);
        if (c === 13) {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer.charCodeAt(i + 1) === 10) i += 1;
        }
        start = i + 1;
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
          dataLength = 0;
        } else if (line.startsWith('data:')) {
          const payload = line.slice(line.startsWith('data: ') ? 6 : 5);
          // The event's data: its lines joined with a newline between each two.
          dataLength += payload.length + (data.length > 0 ? 1 : 0);
          if (dataLength > MAX_EVENT_CHARS) {
            throw new AgentServerError(`The agent server sent an event over ${MAX_EVENT_CHARS} characters`);
          }
          data.push(payload);
        }
        // event:, id:, retry: and comments carry nothing the chat completions protocol needs.
      }
      const rest = buffer.slice(start);
      pending = [rest];
      pendingLength = rest.length;
    }
    if (pendingLength > MAX_EVENT_CHARS) {
      throw new AgentServerError(`The agent server sent an event line over ${MAX_EVENT_CHARS} characters`);
    }
  }
  if (data.length > 0) yield data.join('\n');
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

/**
 * One streamed completion, requested through the one door out (src/web/fetch.ts) under the agent servers'
 * address policy. onDelta receives the answer's text as it arrives. Throws AgentServerError for an
 * unreachable server, a non-2xx answer, a malformed stream or a limit exceeded; an abort of `signal` rejects
 * with the signal's reason.
 */
export async function streamChatRound(opts: {
  url: string;
  authToken?: string;
  body: { model: string; messages: ChatMessage[]; tools?: ChatTool[] };
  signal: AbortSignal;
  limits: ChatLimits;
  onDelta(text: string): void;
  policy: AddressPolicy;
}): Promise<ChatRound> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (opts.authToken) headers.authorization = `Bearer ${opts.authToken}`;
  let res: Awaited<ReturnType<typeof openRequest>>;
  try {
    res = await openRequest(chatCompletionsUrl(opts.url), opts.policy, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...opts.body, stream: true, stream_options: { include_usage: true } }),
      signal: opts.signal,
    });
  } catch (err) {
    if (opts.signal.aborted) throw opts.signal.reason;
    throw new AgentServerError('The agent server could not be reached', (err as Error).message);
  }
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 299) {
    res.destroy();
    throw new AgentServerError(`The agent server answered HTTP ${status}`);
  }
  const round: ChatRound = { content: '', toolCalls: [], finishReason: null, model: null, usage: null };
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  try {
    for await (const data of sseData(res)) {
      if (data.trim() === '[DONE]') break;
      let chunk: StreamChunk;
      try {
        chunk = JSON.parse(data) as StreamChunk;
      } catch {
        throw new AgentServerError('The agent server sent an event that is not JSON');
      }
      if (chunk.error) {
        const message = typeof chunk.error.message === 'string' ? chunk.error.message.slice(0, 500) : 'unknown error';
        throw new AgentServerError('The agent server reported an error', message, 'colon');
      }
      if (typeof chunk.model === 'string' && chunk.model && !round.model) round.model = chunk.model.slice(0, 255);
      if (chunk.usage) {
        round.usage = {
          inputTokens: count(chunk.usage.prompt_tokens),
          outputTokens: count(chunk.usage.completion_tokens),
          totalTokens: count(chunk.usage.total_tokens),
        };
      }
      for (const choice of chunk.choices ?? []) {
        const delta = choice.delta ?? {};
        if (typeof delta.content === 'string' && delta.content) {
          round.content += delta.content;
          if (round.content.length > opts.limits.contentChars) {
            throw new AgentServerError(`The answer exceeds ${opts.limits.contentChars} characters`);
          }
          opts.onDelta(delta.content);
        }
        for (const part of delta.tool_calls ?? []) {
          const index = typeof part.index === 'number' ? part.index : calls.length;
          if (!Number.isInteger(index) || index < 0 || index >= opts.limits.toolCalls) {
            throw new AgentServerError(`The agent server made more than ${opts.limits.toolCalls} tool calls`);
          }
          const call = (calls[index] ??= { id: '', name: '', arguments: '' });
          if (typeof part.id === 'string') call.id = part.id;
          if (typeof part.function?.name === 'string') call.name += part.function.name;
          if (call.name.length > MAX_TOOL_NAME_CHARS || call.id.length > MAX_TOOL_NAME_CHARS) {
            throw new AgentServerError(`A tool call's name or id exceeds ${MAX_TOOL_NAME_CHARS} characters`);
          }
          if (typeof part.function?.arguments === 'string') call.arguments += part.function.arguments;
          if (call.arguments.length > opts.limits.argumentsChars) {
            throw new AgentServerError(`Tool call arguments exceed ${opts.limits.argumentsChars} characters`);
          }
        }
        if (typeof choice.finish_reason === 'string') round.finishReason = choice.finish_reason.slice(0, 64);
      }
    }
  } catch (err) {
    if (opts.signal.aborted) throw opts.signal.reason;
    if (err instanceof AgentServerError) throw err;
    throw new AgentServerError("The agent server's stream failed", (err as Error).message);
  } finally {
    res.destroy();
  }
  round.toolCalls = calls
    .filter((c) => c !== undefined)
    .map((c, i) => ({
      id: c.id || `call_${i}`,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments },
    }));
  return round;
}
