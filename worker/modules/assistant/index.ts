import { defineWorkerModule } from "../types";
import { assistantApi } from "./api";
import { exportAssistant } from "./queries";

/**
 * The AI assistant (issue 17, Pro): the chat API over the built-in engine or a configured provider
 * (worker/ai), its history and drafts. Asking and confirming need the plan; the history stays
 * readable and deletable after a downgrade (docs/decisions/0011). Its search type "insight" belongs
 * to the insights half of the issue.
 */
export const assistantModule = defineWorkerModule({
  key: "assistant",
  api: { mount: "/assistant", app: assistantApi },
  premium: [
    { method: "POST", path: "/assistant/messages", entitlement: "assistant" },
    { method: "POST", path: "/assistant/drafts/:id/confirm", entitlement: "assistant" },
  ],
  searchTypes: ["insight"],
  exporter: { tables: ["assistant_messages", "assistant_drafts"], export: (db, userId) => exportAssistant(db, userId) },
});
