// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Outlet, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "~/components/ui/test-utils";
import { apiQuery, filtersOf, isFiltered, withFilters, wordsToFind } from "./entry-filters";

// The route module's server half (loader) reaches the Worker; the screen under test never calls it.
vi.mock("~/lib/auth.server", () => ({ requireUser: vi.fn() }));
vi.mock("@worker/db/client", () => ({ database: vi.fn() }));
vi.mock("@worker/modules/diary/queries", () => ({ entryOr404: vi.fn(), listEntries: vi.fn(), publicEntry: vi.fn() }));
vi.mock("~/lib/use-entity-changes", () => ({ useEntityChanges: () => undefined }));
vi.mock("~/components/offline/queued-changes", () => ({ QueuedChanges: () => null }));

const entry = (id: string, title: string, date: string, mood = 4) => ({
  id,
  title,
  content: `Texto de ${title}`,
  mood,
  emotions: ["calm"],
  date,
  draft: false,
  createdAt: `${date}T09:00:00.000Z`,
  updatedAt: `${date}T09:00:00.000Z`,
});
const entryA = entry("entry-a", "Manhã", "2026-03-10");
const entryB = entry("entry-b", "Tarde", "2026-03-09");
const entryC = entry("entry-c", "Semana passada", "2026-03-05");

let onThisDay: { id: string; title: string; content: string; date: string; yearsAgo: number }[] = [];
const requested: string[] = [];
vi.mock("~/lib/api", async (original) => ({
  ...(await original<typeof import("~/lib/api")>()),
  apiFetch: vi.fn(async (path: string) => {
    requested.push(path);
    if (path === "/diary/on-this-day") return { ok: true, status: 200, data: { date: "2026-03-12", items: onThisDay } };
    if (path.startsWith("/diary?limit=30&cursor=")) return { ok: true, status: 200, data: { items: [entryC], nextCursor: null } };
    return { ok: true, status: 204, data: null };
  }),
}));

const { default: DiaryScreen } = await import("./routes/diary");
const { FilterBar, OnThisDay, WORDS_DEBOUNCE_MS } = await import("./components/entry-tools");

/** The diary at `url`; its loader answers `page(url)` and records each address it was asked for. */
function renderDiary(url: string, page: (search: URLSearchParams) => { entries: ReturnType<typeof entry>[]; nextCursor: string | null }) {
  const loaded: string[] = [];
  const Stub = createRoutesStub([
    {
      id: "routes/app/layout",
      path: "/app",
      loader: () => ({ entitlements: ["diary"], user: { timeZone: "Europe/Lisbon" } }),
      Component: Outlet,
      children: [
        {
          path: "diario",
          loader: ({ request }) => {
            const search = new URL(request.url).searchParams;
            loaded.push(search.toString());
            return { ...page(search), list: apiQuery(filtersOf(search)), focus: null, today: "2026-03-12" };
          },
          Component: DiaryScreen,
        },
      ],
    },
  ]);
  renderWithI18n(<Stub initialEntries={[url]} />);
  return loaded;
}

const titles = () => within(screen.getByTestId("diary-entries")).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

beforeEach(() => {
  requested.length = 0;
  onThisDay = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the filters in the address", () => {
  it("reads what the API takes and drops the rest", () => {
    expect(filtersOf(new URLSearchParams("humor=5,4,9,x,4&emocao=calm&texto=praia"))).toEqual({ moods: [4, 5], emotion: "calm", words: "praia" });
    expect(filtersOf(new URLSearchParams("emocao=angry"))).toEqual({ moods: [], emotion: null, words: "" });
    expect(apiQuery(filtersOf(new URLSearchParams("humor=4,5&emocao=calm&texto=%20praia%20")))).toBe("mood=4%2C5&emotion=calm&q=praia");
    // Words too short, or without a letter or digit, are not looked for (the API would refuse them).
    expect(wordsToFind("a")).toBe("");
    expect(wordsToFind("!!")).toBe("");
    expect(isFiltered({ moods: [], emotion: null, words: "a" })).toBe(false);
    expect(apiQuery({ moods: [], emotion: null, words: "" })).toBe("");
  });

  it("leaves `?entrada=` behind when the filters change: it opened one entry, not a list", () => {
    expect(withFilters(new URLSearchParams("entrada=e1&outra=1"), { moods: [2], emotion: null, words: "" }).toString()).toBe("outra=1&humor=2");
  });
});

describe("the entries tab with filters", () => {
  it("opens on the filtered list when the address has filters, says how many match, and 'Carregar mais' continues the filtered list", async () => {
    const loaded = renderDiary("/app/diario?humor=4&texto=dia", () => ({ entries: [entryA, entryB], nextCursor: "page-f" }));
    await waitFor(() => expect(titles()).toEqual(["Manhã", "Tarde"]));
    expect(screen.getByRole("tab", { name: "Entradas", selected: true })).toBeTruthy();
    expect(loaded).toEqual(["humor=4&texto=dia"]);
    fireEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    await waitFor(() => expect(titles()).toEqual(["Manhã", "Tarde", "Semana passada"]));
    expect(requested).toContain("/diary?limit=30&cursor=page-f&mood=4&q=dia");
    // The whole filtered list is there: its count is shown (and announced).
    expect(screen.getByTestId("diary-count").textContent).toBe("3 entradas");
  });

  it("says that nothing matches (not that there are no entries), and 'Limpar filtros' brings the whole list back", async () => {
    const loaded = renderDiary("/app/diario?emocao=nostalgic", (search) => (search.has("emocao") ? { entries: [], nextCursor: null } : { entries: [entryA], nextCursor: null }));
    expect(await screen.findByRole("heading", { name: "Nenhuma entrada corresponde aos filtros" })).toBeTruthy();
    expect(screen.queryByText("Ainda não há entradas")).toBeNull();
    expect(screen.getByTestId("diary-count").textContent).toBe("Nenhuma entrada");
    const clear = within(screen.getByRole("tabpanel", { name: "Entradas" })).getAllByRole("button", { name: "Limpar filtros" });
    fireEvent.click(clear[clear.length - 1]);
    await waitFor(() => expect(titles()).toEqual(["Manhã"]));
    expect(loaded.at(-1)).toBe("");
  });

  it("says there are no entries yet when the list is empty without filters", async () => {
    renderDiary("/app/diario", () => ({ entries: [], nextCursor: null }));
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    expect(await screen.findByRole("heading", { name: "Ainda não há entradas" })).toBeTruthy();
    expect(screen.queryByText("Nenhuma entrada corresponde aos filtros")).toBeNull();
  });

  it("does not keep the older pages of one list beside another filter's first page", async () => {
    renderDiary("/app/diario", (search) => (search.has("humor") ? { entries: [entryB], nextCursor: "page-f" } : { entries: [entryA], nextCursor: "page-1" }));
    fireEvent.click(await screen.findByRole("tab", { name: "Entradas" }));
    fireEvent.click(await screen.findByRole("button", { name: "Carregar mais" }));
    await waitFor(() => expect(titles()).toEqual(["Manhã", "Semana passada"]));
    // The filter bar arrives with the tab (loaded on demand).
    fireEvent.click(await screen.findByRole("button", { name: /Mal$/ }));
    await waitFor(() => expect(titles()).toEqual(["Tarde"]));
  });
});

describe("the filter bar", () => {
  const bar = (filters = { moods: [] as number[], emotion: null as null | "calm", words: "" }) => {
    const onChange = vi.fn();
    renderWithI18n(
      <MemoryRouter>
        <FilterBar filters={filters} onChange={onChange} />
      </MemoryRouter>,
    );
    return onChange;
  };

  it("is a named search region whose mood chips say whether they are pressed", () => {
    const onChange = bar({ moods: [4], emotion: null, words: "" });
    const region = screen.getByRole("search", { name: "Filtrar entradas" });
    const good = within(region).getByRole("button", { name: "Bem" });
    expect(good.getAttribute("aria-pressed")).toBe("true");
    expect(within(region).getByRole("button", { name: "Muito bem" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(within(region).getByRole("button", { name: "Muito bem" }));
    expect(onChange).toHaveBeenLastCalledWith({ moods: [4, 5], emotion: null, words: "" });
    // Both chips count until the address has them: lifting "Bem" leaves "Muito bem".
    fireEvent.click(good);
    expect(onChange).toHaveBeenLastCalledWith({ moods: [5], emotion: null, words: "" });
  });

  it("picks one emotion, or all of them again", () => {
    const onChange = bar();
    const select = screen.getByLabelText("Emoção");
    fireEvent.change(select, { target: { value: "grateful" } });
    expect(onChange).toHaveBeenLastCalledWith({ moods: [], emotion: "grateful", words: "" });
    fireEvent.change(select, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith({ moods: [], emotion: null, words: "" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)[0]).toBe("Todas as emoções");
  });

  it("looks for the words once typing pauses, not at every key, and says when they are too short", () => {
    vi.useFakeTimers();
    const onChange = bar();
    const box = screen.getByLabelText("Palavras");
    fireEvent.change(box, { target: { value: "p" } });
    expect(screen.getByText("Escreva pelo menos 2 caracteres.")).toBeTruthy();
    fireEvent.change(box, { target: { value: "pr" } });
    fireEvent.change(box, { target: { value: "praia" } });
    expect(screen.queryByText("Escreva pelo menos 2 caracteres.")).toBeNull();
    act(() => vi.advanceTimersByTime(WORDS_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    // The first words make a new history entry; more typing replaces it (see the next test).
    expect(onChange).toHaveBeenCalledWith({ moods: [], emotion: null, words: "praia" }, { replace: false });
  });

  it("goes on typing in the same history entry, and clears everything with 'Limpar filtros'", () => {
    vi.useFakeTimers();
    const onChange = bar({ moods: [2], emotion: "calm", words: "praia" });
    fireEvent.change(screen.getByLabelText("Palavras"), { target: { value: "praia fria" } });
    act(() => vi.advanceTimersByTime(WORDS_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({ moods: [2], emotion: "calm", words: "praia fria" }, { replace: true });
    fireEvent.click(screen.getByRole("button", { name: "Limpar filtros" }));
    expect(onChange).toHaveBeenLastCalledWith({ moods: [], emotion: null, words: "" });
    expect((screen.getByLabelText("Palavras") as HTMLInputElement).value).toBe("");
  });

  it("builds a change on the filters just asked for, while the list of the previous ones still shows", () => {
    vi.useFakeTimers();
    // The address (the list shown) still has "Muito bem" while the chip's lifting loads.
    const onChange = bar({ moods: [5], emotion: null, words: "" });
    fireEvent.click(screen.getByRole("button", { name: "Muito bem" }));
    expect(onChange).toHaveBeenLastCalledWith({ moods: [], emotion: null, words: "" });
    expect(screen.getByRole("button", { name: "Muito bem" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.change(screen.getByLabelText("Palavras"), { target: { value: "cafe" } });
    act(() => vi.advanceTimersByTime(WORDS_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({ moods: [], emotion: null, words: "cafe" }, { replace: false });
  });

  it("offline, says the filters need a connection and keeps them still", () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      const onChange = bar();
      expect(screen.getByText(/Sem ligação não é possível mudar os filtros/)).toBeTruthy();
      expect((screen.getByRole("button", { name: "Bem" }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByLabelText("Palavras") as HTMLInputElement).disabled).toBe(true);
      fireEvent.click(screen.getByRole("button", { name: "Bem" }));
      expect(onChange).not.toHaveBeenCalled();
    } finally {
      online.mockRestore();
    }
  });
});

describe("'Neste dia'", () => {
  it("shows no card when no earlier year has an entry on this day", async () => {
    const { container } = render(<OnThisDay language="pt" />);
    await waitFor(() => expect(requested).toContain("/diary/on-this-day"));
    expect(container.innerHTML).toBe("");
  });

  it("shows each earlier entry with how many years ago it was written", async () => {
    onThisDay = [
      { id: "p1", title: "Aniversário", content: "Bolo e amigos.", date: "2025-03-12", yearsAgo: 1 },
      { id: "p3", title: "", content: "Primeiro dia no emprego novo.\nNervosa.", date: "2023-03-12", yearsAgo: 3 },
    ];
    renderWithI18n(<OnThisDay language="pt" />);
    const card = await screen.findByRole("region", { name: "Neste dia" });
    expect(within(card).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Há 1 ano · 12 de março de 2025", "Há 3 anos · 12 de março de 2023"]);
    expect(within(card).getByText("Aniversário")).toBeTruthy();
    // Untitled: its first words, as the list shows it.
    expect(within(card).getByText("Primeiro dia no emprego novo.")).toBeTruthy();
  });
});
