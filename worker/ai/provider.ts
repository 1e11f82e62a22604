/**
 * One provider interface for the assistant: `generate` takes the user's message and the tools, streams
 * text as it arrives (`onText`) and answers the text and the tool calls. Three implementations:
 * an OpenAI-compatible endpoint (chat completions, streamed over SSE), Workers AI (the `AI` binding)
 * and the built-in engine (./engine.ts), which needs no provider at all and is the default.
 *
 * Plain `fetch` against the chat-completions contract rather than the `ai` SDK: one HTTP shape covers
 * every OpenAI-compatible server and the local fake, and the Worker bundle stays small
 * (docs/decisions/0038-assistant.md). A provider failure is a `ProviderFailure` the caller turns
 * into the built-in engine's answer, never a 5xx.
 */
import { TOOL_SPECS, type ToolSpec } from "./tools";

export type ToolCall = { name: string; arguments: unknown };
export type GenerateInput = {
  system: string;
  message: string;
  tools: readonly ToolSpec[];
  /** Called with each piece of text as the provider produces it. */
  onText?: (delta: string) => void;
};
export type GenerateResult = { text: string; toolCalls: ToolCall[] };
export type ProviderName = "openai" | "workers-ai";

export interface AiProvider {
  name: ProviderName;
  generate(input: GenerateInput): Promise<GenerateResult>;
}

export type FailureReason = "timeout" | "http" | "malformed" | "refused";

/** Why a provider's answer could not be used; the built-in engine answers instead and says so. */
export class ProviderFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    detail = "",
  ) {
    super(`${reason}${detail ? `: ${detail}` : ""}`);
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

type AiEnv = Pick<Env, "AI_PROVIDER" | "OPENAI_BASE_URL" | "OPENAI_MODEL" | "OPENAI_API_KEY" | "WORKERS_AI_MODEL" | "AI_TIMEOUT_MS" | "AI">;

const timeoutOf = (env: AiEnv) => {
  const ms = Number(env.AI_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
};

/** The configured external provider, or null: the built-in engine answers alone. */
export function providerFor(env: AiEnv): AiProvider | null {
  const choice = env.AI_PROVIDER?.trim().toLowerCase();
  if (choice === "workers-ai" && env.AI) return workersAi(env.AI, env.WORKERS_AI_MODEL || DEFAULT_WORKERS_AI_MODEL, timeoutOf(env));
  if ((choice === "openai" || (!choice && env.OPENAI_BASE_URL)) && env.OPENAI_BASE_URL && env.OPENAI_MODEL) {
    return openAiCompatible({ baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, apiKey: env.OPENAI_API_KEY ?? "", timeoutMs: timeoutOf(env) });
  }
  return null;
}

const chatMessages = (input: GenerateInput) => [
  { role: "system", content: input.system },
  { role: "user", content: input.message },
];
const chatTools = (tools: readonly ToolSpec[]) => tools.map((tool) => ({ type: "function", function: tool }));

/** Tool arguments arrive as JSON text; text that is not a JSON object is a malformed call. */
function parseArguments(name: string, raw: unknown): ToolCall {
  if (!name) throw new ProviderFailure("malformed", "tool call without a name");
  if (raw && typeof raw === "object") return { name, arguments: raw };
  try {
    const parsed: unknown = JSON.parse(typeof raw === "string" && raw.trim() ? raw : "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    return { name, arguments: parsed };
  } catch {
    throw new ProviderFailure("malformed", `arguments of ${name}`);
  }
}

/** Races a provider call against the timeout (the fetch is aborted too). */
async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderFailure("timeout", `${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } catch (error) {
    if (error instanceof ProviderFailure) throw error;
    if (controller.signal.aborted) throw new ProviderFailure("timeout", `${ms} ms`);
    throw new ProviderFailure("http", error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

type ChatChoice = {
  message?: { content?: string | null; refusal?: string | null; tool_calls?: { function?: { name?: string; arguments?: unknown } }[] };
  delta?: { content?: string | null; refusal?: string | null; tool_calls?: { index?: number; function?: { name?: string; arguments?: string } }[] };
  finish_reason?: string | null;
};

/** Any server that speaks OpenAI's chat completions with tools (OpenAI, Groq, Ollama, vLLM, the tests' fake). */
export function openAiCompatible(config: { baseUrl: string; model: string; apiKey: string; timeoutMs: number }): AiProvider {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name: "openai",
    generate: (input) =>
      withTimeout(config.timeoutMs, async (signal) => {
        const response = await fetch(url, {
          method: "POST",
          signal,
          headers: { "content-type": "application/json", accept: "text/event-stream", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify({ model: config.model, messages: chatMessages(input), tools: chatTools(input.tools), tool_choice: "auto", stream: true, temperature: 0 }),
        });
        if (!response.ok || !response.body) throw new ProviderFailure("http", `status ${response.status}`);
        // A server that ignores `stream` answers one JSON document.
        if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) return fromChoice(await readJson(response), input);
        return readStream(response.body, input);
      }),
  };
}

async function readJson(response: Response): Promise<ChatChoice> {
  try {
    const body = (await response.json()) as { choices?: ChatChoice[] };
    const choice = body.choices?.[0];
    if (!choice) throw new Error("no choice");
    return choice;
  } catch {
    throw new ProviderFailure("malformed", "response body");
  }
}

function fromChoice(choice: ChatChoice, input: GenerateInput): GenerateResult {
  const message = choice.message ?? {};
  if (message.refusal || choice.finish_reason === "content_filter") throw new ProviderFailure("refused");
  const text = message.content ?? "";
  if (text) input.onText?.(text);
  return { text, toolCalls: (message.tool_calls ?? []).map((call) => parseArguments(call.function?.name ?? "", call.function?.arguments)) };
}

/** Reads the SSE chunks: text deltas are passed on at once; tool calls are assembled by index. */
async function readStream(body: ReadableStream<Uint8Array>, input: GenerateInput): Promise<GenerateResult> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const calls: { name: string; args: string }[] = [];
  let text = "";
  let buffer = "";
  let done = false;
  while (!done) {
    const chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      const data = line.startsWith("data:") ? line.slice(5).trim() : "";
      if (!data) continue;
      if (data === "[DONE]") {
        done = true;
        break;
      }
      let parsed: { choices?: ChatChoice[] };
      try {
        parsed = JSON.parse(data) as { choices?: ChatChoice[] };
      } catch {
        throw new ProviderFailure("malformed", "stream chunk");
      }
      const choice = parsed.choices?.[0];
      if (!choice) continue;
      if (choice.delta?.refusal || choice.finish_reason === "content_filter") throw new ProviderFailure("refused");
      if (choice.delta?.content) {
        text += choice.delta.content;
        input.onText?.(choice.delta.content);
      }
      for (const call of choice.delta?.tool_calls ?? []) {
        const slot = (calls[call.index ?? 0] ??= { name: "", args: "" });
        slot.name += call.function?.name ?? "";
        slot.args += call.function?.arguments ?? "";
      }
    }
  }
  await reader.cancel().catch(() => undefined);
  return { text, toolCalls: calls.filter(Boolean).map((call) => parseArguments(call.name, call.args)) };
}

/** Workers AI through the `AI` binding (models with function calling; answered whole, then passed on). */
export function workersAi(binding: NonNullable<AiEnv["AI"]>, model: string, timeoutMs: number): AiProvider {
  return {
    name: "workers-ai",
    generate: (input) =>
      withTimeout(timeoutMs, async () => {
        const output = (await binding.run(model, { messages: chatMessages(input), tools: input.tools })) as {
          response?: unknown;
          tool_calls?: { name?: string; arguments?: unknown }[];
        } | null;
        if (!output || typeof output !== "object") throw new ProviderFailure("malformed", "output");
        const text = typeof output.response === "string" ? output.response : "";
        if (text) input.onText?.(text);
        return { text, toolCalls: (output.tool_calls ?? []).map((call) => parseArguments(call.name ?? "", call.arguments)) };
      }),
  };
}

/**
 * Rephrases computed statements in friendlier words with the configured provider, for insights and
 * reports (the `reports` module). null when no provider is configured or it fails: the caller keeps
 * its template. The provider is told to keep every number; an answer that drops one is refused.
 */
export async function phrase(env: AiEnv, facts: string, language: "pt" | "en"): Promise<string | null> {
  const provider = providerFor(env);
  if (!provider || !facts.trim()) return null;
  const system =
    language === "pt"
      ? "Reescreve o texto em português de Portugal, curto e caloroso. Mantém todos os números exatamente como estão. Não acrescentes factos."
      : "Rewrite the text in English, short and warm. Keep every number exactly as written. Add no facts.";
  try {
    const { text } = await provider.generate({ system, message: facts, tools: [] });
    const numbers = facts.match(/\d+(?:[.,]\d+)?/g) ?? [];
    if (!text.trim() || numbers.some((n) => !text.includes(n))) return null;
    return text.trim();
  } catch {
    return null;
  }
}

export { TOOL_SPECS };
