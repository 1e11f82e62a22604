import { defineWorkerModule } from "../types";
import { assistantApi } from "./api";
import { exportAssistant } from "./queries";
import { insightSearch } from "./search";

/**
 * The AI assistant (issue 17, Pro): the chat API over the built-in engine or a configured provider
 * (worker/ai), its history and drafts. Asking and confirming need the plan; the history stays
 * readable and deletable after a downgrade (docs/decisions/0011). Search type "insight": its past
 * answers computed from data; the insights of the reports half may add their own provider.
 */
export const assistantModule = defineWorkerModule({
  key: "assistant",
  api: { mount: "/assistant", app: assistantApi },
  premium: [
    { method: "POST", path: "/assistant/messages", entitlement: "assistant" },
    { method: "POST", path: "/assistant/drafts/:id/confirm", entitlement: "assistant" },
  ],
  searchTypes: ["insight"],
  searchSources: [insightSearch],
  exporter: { tables: ["assistant_messages", "assistant_drafts"], export: (db, userId) => exportAssistant(db, userId) },
});
