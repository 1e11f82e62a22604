import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "./api";

const unavailable = (retryAfter?: string) =>
  new Response(JSON.stringify({ error: { code: "service_unavailable", message: "Indisponível" } }), {
    status: 503,
    headers: { "content-type": "application/json", ...(retryAfter ? { "retry-after": retryAfter } : {}) },
  });
const ok = () => new Response(JSON.stringify({ items: [] }), { status: 200, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs apiFetch while advancing fake time; returns the result and when each attempt was made. */
async function run(path: string, init?: Parameters<typeof apiFetch>[1]) {
  const started = Date.now();
  const at: number[] = [];
  fetchMock.mockImplementation(async () => {
    at.push(Date.now() - started);
    return responses.shift() ?? ok();
  });
  const pending = apiFetch(path, init);
  await vi.runAllTimersAsync();
  return { result: await pending, at };
}
let responses: Response[] = [];

describe("apiFetch retries", () => {
  it("retries a GET after a 503, waiting the server's Retry-After", async () => {
    responses = [unavailable("3"), unavailable("2")];
    const { result, at } = await run("/tasks");
    expect(result).toEqual({ ok: true, status: 200, data: { items: [] } });
    expect(at).toEqual([0, 3000, 5000]);
  });

  it("backs off 1 s, 2 s, 4 s without Retry-After, then gives the 503 to the screen", async () => {
    responses = [unavailable(), unavailable(), unavailable(), unavailable()];
    const { result, at } = await run("/tasks");
    expect(at).toEqual([0, 1000, 3000, 7000]);
    expect(result).toMatchObject({ ok: false, status: 503, error: { code: "service_unavailable" } });
  });

  it("caps a long Retry-After at 10 s", async () => {
    responses = [unavailable("120")];
    const { at } = await run("/tasks");
    expect(at).toEqual([0, 10_000]);
  });

  it("retries a GET that got no answer", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    responses = [];
    const started = Date.now();
    const at: number[] = [];
    fetchMock.mockImplementation(async () => {
      at.push(Date.now() - started);
      return ok();
    });
    const pending = apiFetch("/me");
    await vi.runAllTimersAsync();
    expect((await pending).ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("never repeats a write: the offline queue replays it with its idempotency key", async () => {
    responses = [unavailable("1")];
    const { result, at } = await run("/tasks", { body: { title: "Pão" } });
    expect(at).toEqual([0]);
    expect(result).toMatchObject({ ok: false, status: 503 });
  });

  it("does not retry other errors", async () => {
    responses = [new Response(JSON.stringify({ error: { code: "not_found", message: "Não encontrado." } }), { status: 404 })];
    const { result, at } = await run("/tasks/x");
    expect(at).toEqual([0]);
    expect(result).toMatchObject({ ok: false, status: 404, error: { code: "not_found" } });
  });
});

describe("a write with no connection", () => {
  it("says that it needs a connection when the browser is offline, and nothing made up when it is not", async () => {
    const { setOfflineMessage } = await import("./api");
    setOfflineMessage("Sem ligação: isto só se pode fazer online.");
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("navigator", { onLine: false });
    expect(await apiFetch("/events", { body: { title: "Dentista" } })).toEqual({ ok: false, status: 0, error: { code: "network", message: "Sem ligação: isto só se pode fazer online." } });
    vi.stubGlobal("navigator", { onLine: true });
    expect(await apiFetch("/events", { body: { title: "Dentista" } })).toEqual({ ok: false, status: 0, error: { code: "network", message: "" } });
  });
});
