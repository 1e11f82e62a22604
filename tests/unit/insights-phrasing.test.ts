/** Insights reworded by the provider only with the user's opt-in, each keeping its template otherwise. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { phraseInsights } from "../../worker/ai/insights";

const env = { AI_PROVIDER: "openai", OPENAI_BASE_URL: "https://llm.example/v1", OPENAI_MODEL: "m", OPENAI_API_KEY: "k" };
const streamOf = (content: string) =>
  new Response(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\ndata: [DONE]\n\n`, { headers: { "content-type": "text/event-stream" } });
const texts = ["Às terças o humor médio foi 3,8.", "Gastou 42,10 € a mais nos dias de humor baixo."];

afterEach(() => vi.unstubAllGlobals());

describe("phraseInsights", () => {
  it("keeps the templates, and asks nothing, without the opt-in or without a provider", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await phraseInsights(env, false, texts, "pt")).toEqual({ texts, phrasedBy: "templates" });
    expect(await phraseInsights({}, true, texts, "pt")).toEqual({ texts, phrasedBy: "templates" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("rewords each statement that keeps its numbers, and keeps the template of one that does not", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const message = JSON.parse(String(init.body)).messages[1].content as string;
        return streamOf(message.startsWith("Às terças") ? "O seu melhor dia é terça: humor de 3,8." : "Nos dias tristes gasta mais.");
      }),
    );
    expect(await phraseInsights(env, true, texts, "pt")).toEqual({ texts: ["O seu melhor dia é terça: humor de 3,8.", texts[1]], phrasedBy: "provider" });
  });
});
