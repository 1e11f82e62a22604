import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { api, json, signUpAndLogIn } from "./helpers";

describe("POST /api/v1/feedback", () => {
  it("stores the message for the signed-in user with rating 5", async () => {
    const cookie = await signUpAndLogIn("fb@example.com");
    const response = await api("/feedback", { body: { subject: "Ideia", message: "  Gostava de um modo escuro.  " }, headers: { cookie } });
    expect(response.status).toBe(201);
    const row = await env.DB.prepare("select f.* from feedback f join users u on u.id = f.user_id where u.email = 'fb@example.com'").first<Record<string, unknown>>();
    expect(row).toMatchObject({ email: "fb@example.com", type: "beta_feedback", subject: "Ideia", message: "Gostava de um modo escuro.", rating: 5 });
  });

  it("refuses an empty message and visitors", async () => {
    const cookie = await signUpAndLogIn("fb2@example.com");
    const empty = await api("/feedback", { body: { message: "   " }, headers: { cookie } });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields.message).toBe("Escreva uma mensagem antes de enviar.");
    expect((await api("/feedback", { body: { message: "olá" } })).status).toBe(401);
    expect((await api("/feedback", { body: { message: "x".repeat(5001) }, headers: { cookie } })).status).toBe(400);
  });
});

describe("GET /api/v1/search", () => {
  it("needs 2 characters and a known type", async () => {
    const cookie = await signUpAndLogIn("search@example.com");
    expect((await api("/search?q=a", { headers: { cookie } })).status).toBe(400);
    expect((await api("/search?q=ab&type=secret", { headers: { cookie } })).status).toBe(400);
    const ok = await api("/search?q=reuni%C3%A3o", { headers: { cookie } });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ items: [], nextCursor: null });
    expect((await api("/search?q=ab")).status).toBe(401);
  });
});
