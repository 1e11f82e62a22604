import type ptAssistant from "../pt/assistant";
import type { Catalog } from "../types";

export default {
  name: "AI assistant",
} satisfies Catalog<typeof ptAssistant>;
