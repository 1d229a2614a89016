/**
 * A minimal OpenAI-compatible chat-completions client over fetch (no SDK): streamed responses
 * (server-sent events, `data: {...}` chunks ending with `data: [DONE]`) with tool-call deltas, and
 * plain JSON responses from servers that ignore `stream: true`.
 * Works with OpenAI, Ollama, vLLM and the llama.cpp server.
 */

export interface ToolCall {
  id: string;
  name: string;
  /** The raw JSON string of the arguments, as the model wrote it. */
  arguments: string;
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface CompletionRequest {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  signal?: AbortSignal;
  /** Called with each piece of text as it streams in. */
  onText?: (text: string) => void;
  fetchImpl?: typeof fetch;
}

export interface CompletionResult {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
}

/** The endpoint answered with an error status or something that is not a chat completion. */
export class ModelProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelProviderError';
  }
}

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface ChoiceLike {
  delta?: { content?: string | null; tool_calls?: ToolCallDelta[] };
  message?: {
    content?: string | null;
    tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
  };
  finish_reason?: string | null;
}

export function completionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

/** Accumulates streamed deltas into one message. */
class Accumulator {
  content = '';
  finishReason: string | null = null;
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  addChoice(choice: ChoiceLike, onText?: (text: string) => void): void {
    const delta = choice.delta;
    if (delta) {
      if (typeof delta.content === 'string' && delta.content) {
        this.content += delta.content;
        onText?.(delta.content);
      }
      for (const [position, d] of (delta.tool_calls ?? []).entries()) {
        const index = typeof d.index === 'number' ? d.index : position;
        const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
        if (d.id) call.id = d.id;
        if (d.function?.name) call.name += d.function.name;
        if (d.function?.arguments) call.arguments += d.function.arguments;
        this.calls.set(index, call);
      }
    }
    const message = choice.message;
    if (message) {
      if (typeof message.content === 'string' && message.content) {
        this.content += message.content;
        onText?.(message.content);
      }
      for (const [index, c] of (message.tool_calls ?? []).entries()) {
        this.calls.set(index, { id: c.id ?? '', name: c.function?.name ?? '', arguments: c.function?.arguments ?? '' });
      }
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  result(): CompletionResult {
    const toolCalls = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, arguments: c.arguments }))
      .filter((c) => c.name);
    return { content: this.content, toolCalls, finishReason: this.finishReason };
  }
}

function firstChoice(payload: unknown): ChoiceLike | undefined {
  const choices = (payload as { choices?: unknown } | null)?.choices;
  return Array.isArray(choices) ? (choices[0] as ChoiceLike | undefined) : undefined;
}

/** One chat completion with `stream: true`; resolves when the stream ends. */
export async function createChatCompletion(request: CompletionRequest): Promise<CompletionResult> {
  const doFetch = request.fetchImpl ?? fetch;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
  };
  if (request.apiKey) headers.authorization = `Bearer ${request.apiKey}`;
  const body: Record<string, unknown> = { model: request.model, messages: request.messages, stream: true };
  if (request.tools?.length) {
    body.tools = request.tools;
    body.tool_choice = 'auto';
  }
  const response = await doFetch(completionsUrl(request.baseUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: request.signal ?? null,
  });
  if (!response.ok) {
    // The body may echo the request; keep only its start for the log.
    const text = await response.text().catch(() => '');
    throw new ModelProviderError(
      `chat completion failed with HTTP ${response.status}: ${text.slice(0, 200)}`,
      response.status,
    );
  }
  const acc = new Accumulator();
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throw new ModelProviderError('chat completion answered with a body that is not JSON');
    }
    const choice = firstChoice(payload);
    if (!choice) throw new ModelProviderError('chat completion answered without choices');
    acc.addChoice(choice, request.onText);
    return acc.result();
  }
  if (!response.body) throw new ModelProviderError('chat completion stream has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  const handleLine = (line: string): void => {
    if (!line.startsWith('data:')) return; // comments (": keep-alive"), event names, ids
    const data = line.slice(5).trim();
    if (!data) return;
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      throw new ModelProviderError('chat completion stream sent a chunk that is not JSON');
    }
    const error = (payload as { error?: { message?: string } } | null)?.error;
    if (error)
      throw new ModelProviderError(`chat completion stream reported an error: ${String(error.message ?? 'unknown')}`);
    const choice = firstChoice(payload);
    if (choice) acc.addChoice(choice, request.onText);
  };
  try {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += value;
      let newline: number;
      while (!done && (newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        handleLine(line);
      }
    }
    if (!done && buffer.trim()) handleLine(buffer.trim());
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return acc.result();
}
