import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { ClockIcon, MagnifyingGlassIcon } from "@heroicons/react/24/outline";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRouteLoaderData } from "react-router";
import { sanitizeLanguage } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { formatPrice } from "~/lib/plans";
import { addRecentSearch, MIN_SEARCH_LENGTH, SAMPLE_RECENT_SEARCHES } from "./rules";

type Result = { id: string; title: string; description: string; type: string; module: string; url: string; metadata: { date?: string; amountCents?: number; status?: string } };
const CATEGORIES = ["all", "event", "goal", "transaction", "task", "insight"] as const;
const RECENT_KEY = "rumo-recent-searches";

function readRecent(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? "null");
    return Array.isArray(stored) ? stored.filter((s) => typeof s === "string").slice(0, 5) : SAMPLE_RECENT_SEARCHES;
  } catch {
    return SAMPLE_RECENT_SEARCHES;
  }
}

/** The global search (Ctrl/Cmd+K): the user's own data through GET /api/v1/search. */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation("shell");
  // Finances' 'Ocultar valores' masks amounts everywhere, the search results included.
  const hideValues = useRouteLoaderData<{ hideFinanceValues?: boolean }>("routes/app/layout")?.hideFinanceValues === true;
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>("all");
  const [results, setResults] = useState<Result[]>([]);
  const [state, setState] = useState<"idle" | "loading" | "done" | "error">("idle");
  const [highlight, setHighlight] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);
  const request = useRef(0);

  // Opening clears the query.
  useEffect(() => {
    if (!open) return;
    setQuery("");
    setResults([]);
    setState("idle");
    setHighlight(0);
    setRecent(readRecent());
  }, [open]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_SEARCH_LENGTH) {
      setResults([]);
      setState("idle");
      return;
    }
    const id = ++request.current;
    setState("loading");
    const timer = window.setTimeout(async () => {
      const result = await apiFetch<{ items: Result[] }>(`/search?q=${encodeURIComponent(q)}&type=${category}`);
      if (id !== request.current) return;
      if (result.ok) {
        setResults(result.data.items);
        setHighlight(0);
        setState("done");
      } else setState("error");
    }, 200);
    return () => window.clearTimeout(timer);
  }, [query, category]);

  function open_(result: Result) {
    const next = addRecentSearch(recent, query);
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
    onClose();
    navigate(result.url);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setHighlight((h) => Math.min(h + 1, Math.max(results.length - 1, 0)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (event.key === "Enter" && results[highlight]) {
      event.preventDefault();
      open_(results[highlight]);
    }
  }

  const money = (cents: number) => formatPrice(cents, sanitizeLanguage(i18n.language) ?? "pt");

  return (
    <Dialog open={open} onClose={onClose} className="relative z-[80]">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[10vh]">
        <DialogPanel className="w-full max-w-xl overflow-hidden rounded-2xl bg-white shadow-2xl">
          <DialogTitle className="sr-only">{t("search.title")}</DialogTitle>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4">
            <MagnifyingGlassIcon className="h-5 w-5 text-slate-400" aria-hidden="true" />
            <input
              autoFocus
              role="combobox"
              aria-expanded={results.length > 0}
              aria-controls="search-results"
              aria-activedescendant={results[highlight] ? `search-result-${highlight}` : undefined}
              aria-label={t("search.title")}
              placeholder={t("search.placeholder")}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onKeyDown}
              className="h-12 flex-1 border-0 bg-transparent text-slate-900 placeholder:text-slate-400 focus:outline-none"
            />
          </div>
          <div role="group" aria-label={t("search.title")} className="flex gap-1 overflow-x-auto border-b border-slate-100 px-3 py-2">
            {CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => setCategory(c)}
                className={`rounded-full px-3 py-1 text-xs font-medium whitespace-nowrap ${category === c ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
              >
                {t(`search.categories.${c}`)}
              </button>
            ))}
          </div>
          <div className="max-h-[50vh] overflow-y-auto p-2">
            {query.trim().length < MIN_SEARCH_LENGTH ? (
              <div className="space-y-3 p-2">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("search.recent")}</p>
                <ul className="space-y-1">
                  {recent.map((item) => (
                    <li key={item}>
                      <button type="button" onClick={() => setQuery(item)} className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-100">
                        <ClockIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />
                        {item}
                      </button>
                    </li>
                  ))}
                </ul>
                <p className="text-sm text-slate-500">{t("search.tip")}</p>
              </div>
            ) : state === "loading" ? (
              <p className="p-4 text-sm text-slate-500" role="status">
                {t("search.searching")}
              </p>
            ) : state === "error" ? (
              <p className="p-4 text-sm text-red-700" role="alert">
                {t("search.error")}
              </p>
            ) : results.length === 0 ? (
              <p className="p-4 text-center text-sm text-slate-500" role="status">
                {t("search.noResults")}
              </p>
            ) : (
              <ul id="search-results" role="listbox" aria-label={t("search.results", { count: results.length })}>
                {results.map((result, index) => (
                  <li
                    key={`${result.type}-${result.id}`}
                    id={`search-result-${index}`}
                    role="option"
                    aria-selected={index === highlight}
                    onMouseEnter={() => setHighlight(index)}
                    onClick={() => open_(result)}
                    className={`cursor-pointer rounded-lg px-3 py-2 ${index === highlight ? "bg-brand-50" : ""}`}
                  >
                    <p className="text-sm font-medium">{result.title}</p>
                    <p className="text-xs text-slate-500">
                      {t(`search.categories.${result.type as "event"}`)}
                      {result.metadata.date ? ` · ${result.metadata.date}` : ""}
                      {result.metadata.amountCents !== undefined ? ` · ${hideValues ? t("search.amountHidden") : money(result.metadata.amountCents)}` : ""}
                      {result.description ? ` · ${result.description}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
