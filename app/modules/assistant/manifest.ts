import { defineModule } from "../types";

/** The AI assistant: the specification calls its screen "Chat IA" (/app/chat) and "Assistente IA". */
export const assistantModule = defineModule({
  key: "assistant",
  path: "chat",
  icon: "chat",
  labelKey: "shell:nav.chat",
  namespace: "assistant",
  entitlement: "assistant",
  screens: [
    { path: "chat", labelKey: "shell:nav.chat", crumbKey: "shell:crumbs.chat" },
    { path: "assistant", labelKey: "shell:nav.assistant", crumbKey: "shell:crumbs.assistant" },
    { path: "assistente-ia", labelKey: "shell:nav.assistant", crumbKey: "shell:crumbs.assistente-ia", tour: false },
  ],
  legacyPaths: ["chat", "assistente-ia", "assistant"],
  navigation: {
    sidebar: { group: "assistant", order: 10, path: "assistant", labelKey: "shell:nav.assistant", icon: "assistant" },
    drawer: { section: "wellbeing", order: 30 },
    swipe: 80,
  },
});
