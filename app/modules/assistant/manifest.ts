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
    {
      path: "chat",
      labelKey: "shell:nav.chat",
      crumbKey: "shell:crumbs.chat",
      file: "modules/assistant/routes/assistant.tsx",
    },
    {
      path: "assistant",
      labelKey: "shell:nav.assistant",
      crumbKey: "shell:crumbs.assistant",
      file: "modules/assistant/routes/assistant.tsx",
      // Targets are data-tour attributes of app/modules/assistant/routes/assistant.tsx.
      tourSteps: [{ key: "assistant:tour.messages", target: '[data-tour="assistant-messages"]', position: "top" }],
    },
    { path: "assistente-ia", labelKey: "shell:nav.assistant", crumbKey: "shell:crumbs.assistente-ia", tour: false, file: "modules/assistant/routes/assistant.tsx" },
  ],
  legacyPaths: ["chat", "assistente-ia", "assistant"],
  navigation: {
    sidebar: { group: "assistant", order: 10, path: "assistant", labelKey: "shell:nav.assistant", icon: "assistant" },
    drawer: { section: "wellbeing", order: 30 },
    swipe: 80,
  },
  landed: true,
});
