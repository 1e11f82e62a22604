import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { createI18n } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/language";

/** Renders a kit component with the real catalogues in the given language (component tests, happy-dom). */
export function renderWithI18n(ui: ReactElement, language: Language = "pt", options?: RenderOptions) {
  const i18n = createI18n(language);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>, options);
}
