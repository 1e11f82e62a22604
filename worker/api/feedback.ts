import { Hono } from "hono";
import { z } from "zod";
import { currentAuth, requireUser } from "../auth/middleware";
import { database } from "../db/client";
import { insertFeedback } from "../db/feedback";
import { newId } from "../lib/ids";
import { validate } from "../lib/validate";
import { limitRequests } from "../middleware/rate-limit";
import { limits } from "../auth/rate-limit";
import type { AppEnv } from "../types";

const feedbackSchema = z.object({
  subject: z.string().trim().max(200).default(""),
  message: z.string().trim().min(1, "shell:feedback.empty").max(5000),
});

/** POST /feedback: the floating beta-feedback box. */
export const feedbackApi = new Hono<AppEnv>().use("*", requireUser).post("/", limitRequests(limits.feedbackPerAccount, (c) => currentAuth(c).user.id, "shell:feedback.error"), validate("json", feedbackSchema), async (c) => {
  const { user } = currentAuth(c);
  const id = newId();
  await insertFeedback(database(c.env.DB), user.id, { id, email: user.email, ...c.req.valid("json") });
  return c.json({ id }, 201);
});
