/** The Workers AI adapter against a fake `AI` binding (the Workers pool has no AI binding). */
import { describe, expect, it, vi } from "vitest";
import { providerFor, workersAi } from "../../worker/ai/provider";

const input = { system: "s", message: "gastei 12,40 no almoço", tools: [] };
const bindingAnswering = (output: unknown) => ({ run: vi.fn(async () => output) });

describe("Workers AI provider", () => {
  it("is chosen by AI_PROVIDER=workers-ai only when the binding exists", () => {
    expect(providerFor({ AI_PROVIDER: "workers-ai" })).toBeNull();
    expect(providerFor({ AI_PROVIDER: "workers-ai", AI: bindingAnswering({}) as never })?.name).toBe("workers-ai");
  });

  it("sends the system and user messages with the tools, and reads text and tool calls", async () => {
    const binding = bindingAnswering({ response: "", tool_calls: [{ name: "create_transaction", arguments: { amountCents: 1240 } }, { name: "create_task", arguments: '{"title":"Ligar"}' }] });
    const onText = vi.fn();
    const answer = await workersAi(binding as never, "@cf/meta/llama-3.3-70b-instruct-fp8-fast", 1000).generate({ ...input, onText });
    expect(binding.run).toHaveBeenCalledWith("@cf/meta/llama-3.3-70b-instruct-fp8-fast", {
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: "gastei 12,40 no almoço" },
      ],
      tools: [],
    });
    expect(answer.toolCalls).toEqual([
      { name: "create_transaction", arguments: { amountCents: 1240 } },
      { name: "create_task", arguments: { title: "Ligar" } },
    ]);
    expect(onText).not.toHaveBeenCalled();
  });

  it("passes plain text on, and refuses malformed output, bad tool arguments and a slow model", async () => {
    const onText = vi.fn();
    expect((await workersAi(bindingAnswering({ response: "Olá" }) as never, "m", 1000).generate({ ...input, onText })).text).toBe("Olá");
    expect(onText).toHaveBeenCalledWith("Olá");
    await expect(workersAi(bindingAnswering(null) as never, "m", 1000).generate(input)).rejects.toThrow();
    await expect(workersAi(bindingAnswering({ tool_calls: [{ name: "create_task", arguments: "not json" }] }) as never, "m", 1000).generate(input)).rejects.toThrow();
    const slow = { run: () => new Promise((resolve) => setTimeout(() => resolve({ response: "tarde" }), 200)) };
    await expect(workersAi(slow as never, "m", 20).generate(input)).rejects.toThrow();
  });
});
