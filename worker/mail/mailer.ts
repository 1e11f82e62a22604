import { recordServiceResult } from "../db/admin";
import { database } from "../db/client";
import { insertOutboxMail } from "../db/mail-outbox";
import { misconfigured } from "../lib/config";
import { newId } from "../lib/ids";

export type Mail = { to: string; subject: string; text: string; html: string };

/** Sends e-mail. Rules take a Mailer, so tests and development use the outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Throws 503 service_misconfigured before any work when mail cannot be sent at all. */
  ensureReady?(): void;
}

/** Development: mail goes to the D1 outbox, readable at /dev/mailbox. */
export function outboxMailer(d1: D1Database): Mailer {
  return {
    async send(mail) {
      await insertOutboxMail(database(d1), { id: newId(), ...mail });
    },
  };
}

/**
 * Production: any provider with a Resend-style JSON API (`POST {from,to,subject,text,html}` with a
 * bearer key). EMAIL_API_URL defaults to Resend's endpoint.
 */
export function httpMailer(options: { apiKey: string; from: string; endpoint?: string }): Mailer {
  return {
    async send(mail) {
      const response = await fetch(options.endpoint || "https://api.resend.com/emails", {
        method: "POST",
        headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ from: options.from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html }),
      });
      if (!response.ok) throw new Error(`mail provider answered ${response.status}`);
    },
  };
}

/** Production without EMAIL_API_KEY: mail (reset links included) is refused, never kept in D1. */
function unconfiguredMailer(): Mailer {
  return {
    ensureReady() {
      throw misconfigured("EMAIL_API_KEY");
    },
    async send() {
      throw misconfigured("EMAIL_API_KEY");
    },
  };
}

/** The outbox only in local development (worker/lib/development.ts decides what that is). */
export function mailerFor(env: Env): Mailer {
  if (env.ENVIRONMENT === "development") return recorded(env.DB, outboxMailer(env.DB));
  if (!env.EMAIL_API_KEY) return unconfiguredMailer();
  return recorded(env.DB, httpMailer({ apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM || `Rumo <${env.SUPPORT_EMAIL}>`, endpoint: env.EMAIL_API_URL }));
}

/**
 * Keeps the last delivery's outcome for the health and readiness screens (docs/decisions/0032).
 * Recording is best effort: it never changes what the send itself did.
 */
function recorded(d1: D1Database, mailer: Mailer): Mailer {
  const note = (ok: boolean, detail: string) => recordServiceResult(database(d1), "mail", ok, detail, new Date()).catch(() => undefined);
  return {
    ...mailer,
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        await note(false, err instanceof Error ? err.message : String(err));
        throw err;
      }
      await note(true, "");
    },
  };
}
