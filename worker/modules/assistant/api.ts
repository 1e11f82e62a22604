/**
 * /api/v1/assistant (../shared/API.md): POST /messages `{ message }` → `{ reply, actions }` (JSON, or
 * with `Accept: text/event-stream` the reply streamed as SSE `delta` events and a final `done` event
 * holding the same JSON), the history (GET, DELETE /messages), and the drafts' confirm / discard.
 * Nothing is written to another module before a confirm (docs/decisions/0038-assistant.md).
 */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { currentAuth, requireUser } from "../../auth/middleware";
import type { Limit } from "../../auth/rate-limit";
import { entitlementsOfAuth } from "../../billing/entitlements";
import { database } from "../../db/client";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { pageQuery } from "../../lib/pagination";
import { translator } from "../../lib/translate";
import { validate } from "../../lib/validate";
import { limitRequests } from "../../middleware/rate-limit";
import type { AppEnv } from "../../types";
import { MESSAGE_MAX } from "../../ai/engine";
import { checkDraft, withEdits, writeDraft } from "./drafts";
import * as store from "./queries";
import { respond, type Answer } from "./respond";

/** Each message may call a paid provider: bounded per account. */
export const assistantLimit: Limit = { name: "assistant-account", max: 60, windowMs: 15 * 60_000 };

const messageSchema = z
  .object({
    message: z
      .string("assistant:errors.empty")
      .max(MESSAGE_MAX, "assistant:errors.tooLong")
      .refine((text) => text.trim().length > 0, "assistant:errors.empty"),
  })
  .strict();
const confirmSchema = z.object({ fields: z.record(z.string(), z.unknown()).optional() }).strict();
const listQuery = z.object({ ...pageQuery }).strict();

/** A draft as the API answers it. */
export const publicDraft = (draft: Pick<store.AssistantDraft, "id" | "type" | "fields" | "status" | "resultId">) => ({
  id: draft.id,
  type: draft.type,
  fields: draft.fields,
  status: draft.status,
  resultId: draft.resultId,
});

const publicMessage = (message: store.AssistantMessage, drafts: store.AssistantDraft[]) => ({
  id: message.id,
  role: message.role,
  content: message.content,
  provider: message.provider,
  sources: message.sources,
  createdAt: message.createdAt.toISOString(),
  actions: drafts.filter((d) => d.messageId === message.id).map(publicDraft),
});

/** Splits a reply into word-sized pieces for the stream (the built-in engine answers whole). */
const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

export const assistantApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/messages", validate("query", listQuery), async (c) => {
    const { user } = currentAuth(c);
    const { limit, cursor } = c.req.valid("query");
    const page = await store.history(database(c.env.DB), user.id, { limit, cursor });
    return c.json({ items: page.items.map((m) => publicMessage(m, page.drafts)), nextCursor: page.nextCursor });
  })

  .delete("/messages", async (c) => {
    const { user } = currentAuth(c);
    await store.clearHistory(database(c.env.DB), user.id);
    return c.body(null, 204);
  })

  .post("/messages", limitRequests(assistantLimit, (c) => currentAuth(c).user.id), validate("json", messageSchema), async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const { message } = c.req.valid("json");
    const asked = new Date();

    const run = async (onText?: (delta: string) => void) => {
      const answer = await respond(c.env, db, user, message, asked, onText);
      return { answer, body: await save(answer) };
    };
    const save = async (answer: Answer) => {
      const question = { id: newId(), content: message, at: asked };
      // One millisecond later, so the answer always sorts after its question.
      const reply = { id: newId(), content: answer.reply, provider: answer.provider, sources: answer.sources, at: new Date(asked.getTime() + 1) };
      await store.saveExchange(db, user.id, { question, answer: reply, drafts: answer.drafts });
      return {
        reply: answer.reply,
        actions: answer.drafts.map((d) => publicDraft({ ...d, status: "pending", resultId: null })),
        sources: answer.sources,
        provider: answer.provider,
        fallback: answer.fallback,
        messageId: reply.id,
      };
    };

    if (!(c.req.header("accept") ?? "").includes("text/event-stream")) return c.json((await run()).body);

    return streamSSE(c, async (sse) => {
      let streamed = "";
      try {
        const { answer, body } = await run((delta) => {
          streamed += delta;
          void sse.writeSSE({ event: "delta", data: JSON.stringify({ text: delta }) });
        });
        // The provider's own text already went out; a built-in or composed reply (or one with where
        // to find help put before it) goes out now.
        if (!streamed || body.reply !== streamed.trim() || answer.provider === "builtin" || answer.drafts.length || answer.sources.length) {
          await sse.writeSSE({ event: "reset", data: "{}" });
          for (const piece of pieces(body.reply)) await sse.writeSSE({ event: "delta", data: JSON.stringify({ text: piece }) });
        }
        await sse.writeSSE({ event: "done", data: JSON.stringify(body) });
      } catch (error) {
        // Headers are sent: the failure is an event the screen shows, never a broken stream.
        log("error", "assistant_stream_failed", { message: error instanceof Error ? error.message : String(error) });
        const t = translator(user.language);
        await sse.writeSSE({ event: "error", data: JSON.stringify({ error: { code: "internal_error", message: t("assistant:errors.processing") } }) });
      }
    });
  })

  .post("/drafts/:id/confirm", validate("json", confirmSchema), async (c) => {
    const auth = currentAuth(c);
    const { user } = auth;
    const db = database(c.env.DB);
    const draft = await store.draftOr404(db, user.id, c.req.param("id"));
    if (draft.status !== "pending") throw new ApiError("conflict", 409, "assistant:errors.notPending");
    const now = new Date();
    // The draft is checked again, with the user's edits, by its module's own rules.
    const fields = await checkDraft(db, user, draft.type, withEdits(draft.type, draft.fields, c.req.valid("json").fields ?? {}, user.timeZone), now);
    // Claimed before the write, so a double tap cannot create two items.
    if (!(await store.settleDraft(db, user.id, draft.id, { status: "confirmed", fields }))) throw new ApiError("conflict", 409, "assistant:errors.notPending");
    try {
      const written = await writeDraft({ env: c.env, db, user, entitlements: entitlementsOfAuth(auth, now).entitlements }, draft, fields, now);
      await store.recordResult(db, user.id, draft.id, written.id);
      return c.json({ draft: publicDraft({ ...draft, fields, status: "confirmed", resultId: written.id }), result: written });
    } catch (error) {
      await store.reopenDraft(db, user.id, draft.id);
      throw error;
    }
  })

  .post("/drafts/:id/discard", async (c) => {
    const { user } = currentAuth(c);
    const db = database(c.env.DB);
    const draft = await store.draftOr404(db, user.id, c.req.param("id"));
    if (!(await store.settleDraft(db, user.id, draft.id, { status: "discarded" }))) throw new ApiError("conflict", 409, "assistant:errors.notPending");
    return c.json({ draft: publicDraft({ ...draft, status: "discarded" }) });
  });
