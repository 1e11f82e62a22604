import { render, type RenderOptions, type RenderResult } from "@testing-library/react";
import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Outlet, createRoutesStub } from "react-router";
import { createI18n } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/language";

/** Renders a kit component with the real catalogues in the given language (component tests, happy-dom). */
export function renderWithI18n(ui: ReactElement, language: Language = "pt", options?: RenderOptions): RenderResult {
  const i18n = createI18n(language);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>, options);
}

// What the stub's one screen shows: the element given to render (or rerender), passed in through
// context because the stub builds its router (and so its routes) once, on its first render.
const Screen = createContext<ReactNode>(null);
const ShownScreen = () => useContext(Screen);

/**
 * Renders `ui` inside the signed-in layout (route id "routes/app/layout"), as on every /app
 * screen, with its loader data given up front, as after the server render, so the first render
 * is `ui` and not a loading state. Needed by anything with a date field: its calendar (loaded on
 * demand, swapped in for its stand-in once the page has settled or on first reach) reads the
 * account's zone from that loader data, which needs the data router; rendered bare, a run slower
 * than the settle delay crashed whichever test was on screen when it arrived. `rerender` works as
 * with `render`.
 */
export function renderInApp(ui: ReactElement, { timeZone = "Europe/Lisbon", language = "pt" }: { timeZone?: string; language?: Language } = {}): RenderResult {
  const i18n = createI18n(language);
  const Stub = createRoutesStub([{ id: "routes/app/layout", path: "/app", Component: Outlet, children: [{ index: true, Component: ShownScreen }] }]);
  const hydrationData = { loaderData: { "routes/app/layout": { user: { timeZone } } } };
  function InApp({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <Screen.Provider value={children}>
          <Stub initialEntries={["/app"]} hydrationData={hydrationData} />
        </Screen.Provider>
      </I18nextProvider>
    );
  }
  return render(ui, { wrapper: InApp });
}
