/** `phrase`: rewording computed statements with the configured provider, never losing a number. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { phrase } from "../../worker/ai/provider";

const env = { AI_PROVIDER: "openai", OPENAI_BASE_URL: "https://llm.example/v1", OPENAI_MODEL: "m", OPENAI_API_KEY: "k" };
const streamOf = (...pieces: string[]) =>
  new Response(pieces.map((content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`).join("") + "data: [DONE]\n\n", { headers: { "content-type": "text/event-stream" } });

afterEach(() => vi.unstubAllGlobals());

describe("phrase", () => {
  it("answers null without a provider (the caller keeps its template)", async () => {
    expect(await phrase({}, "O humor médio foi 3,6.", "pt")).toBeNull();
  });

  it("answers the provider's streamed wording when every number survives", async () => {
    const fetch = vi.fn(async () => streamOf("Nas terças o seu humor ", "ficou em 3,6 — o melhor dia."));
    vi.stubGlobal("fetch", fetch);
    expect(await phrase(env, "Terça: humor médio 3,6.", "pt")).toBe("Nas terças o seu humor ficou em 3,6 — o melhor dia.");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://llm.example/v1/chat/completions");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer k");
  });

  it("refuses a wording that drops or changes a number, and a failing provider", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => streamOf("O seu humor foi bom às terças.")));
    expect(await phrase(env, "Terça: humor médio 3,6.", "pt")).toBeNull();
    vi.stubGlobal("fetch", vi.fn(async () => new Response("oops", { status: 500 })));
    expect(await phrase(env, "Terça: humor médio 3,6.", "pt")).toBeNull();
  });
});
