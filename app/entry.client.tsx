import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "./i18n/i18n";
import { sanitizeLanguage } from "./i18n/language";

// The server already chose the language (stored choice via its cookie mirror, else the browser);
// hydrate in that language so the markup matches.
const i18n = createI18n(sanitizeLanguage(document.documentElement.lang) ?? "pt");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
