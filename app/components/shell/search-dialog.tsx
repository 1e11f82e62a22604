import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import {
  BanknotesIcon,
  BookOpenIcon,
  CalendarDaysIcon,
  CheckCircleIcon,
  ClockIcon,
  FlagIcon,
  LightBulbIcon,
  MagnifyingGlassIcon,
} from "@heroicons/react/24/outline";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { sanitizeLanguage } from "~/i18n/language";
import { apiFetch } from "~/lib/api";
import { formatLongDate } from "~/lib/dates";
import { formatPrice } from "~/lib/plans";
import { readRecentSearches, saveRecentSearches } from "./recent-searches";
import { addRecentSearch, groupResults, MIN_SEARCH_LENGTH, type SearchResultItem } from "./rules";

// The specification's categories, with the diary's notes (../shared/API.md `type`).
const CATEGORIES = ["all", "event", "goal", "transaction", "task", "note", "insight"] as const;
const ICONS: Record<string, typeof MagnifyingGlassIcon> = {
  event: CalendarDaysIcon,
  goal: FlagIcon,
  transaction: BanknotesIcon,
  task: CheckCircleIcon,
  note: BookOpenIcon,
  insight: LightBulbIcon,
};

/**
 * The global search (Ctrl/Cmd+K): the user's own data through GET /api/v1/search, grouped by kind
 * in order of each group's best match. Arrows move through every group, Enter opens the item itself
 * (the task, the event's day, the transaction), Escape closes.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation("shell");
  const layout = useRouteLoaderData<{ hideFinanceValues?: boolean; user?: { id: string } }>("routes/app/layout");
  // Finances' 'Ocultar valores' masks amounts everywhere, the search results included.
  const hideValues = layout?.hideFinanceValues === true;
  // Recent searches are kept per user (recent-searches.ts).
  const userId = layout?.user?.id ?? null;
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>("all");
  const [results, setResults] = useState<SearchResultItem[]>([]);
  const [state, setState] = useState<"idle" | "loading" | "done" | "error">("idle");
  const [highlight, setHighlight] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  // Enter pressed before this query's results came: the first of them opens when they do.
  const [enterPending, setEnterPending] = useState(false);
  const request = useRef(0);
  const list = useRef<HTMLDivElement>(null);

  // Opening clears the query.
  useEffect(() => {
    if (!open) return;
    setQuery("");
    setResults([]);
    setState("idle");
    setHighlight(0);
    setEnterPending(false);
    setRecent(readRecentSearches(userId));
  }, [open, userId]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_SEARCH_LENGTH) {
      request.current++;
      setResults([]);
      setState("idle");
      return;
    }
    const id = ++request.current;
    setState("loading");
    const timer = window.setTimeout(async () => {
      const result = await apiFetch<{ items: SearchResultItem[] }>(`/search?q=${encodeURIComponent(q)}&type=${category}`);
      if (id !== request.current) return;
      if (result.ok) {
        setResults(groupResults(result.data.items).flatMap((g) => g.items));
        setHighlight(0);
        setState("done");
      } else setState("error");
    }, 200);
    return () => window.clearTimeout(timer);
  }, [query, category, attempt]);

  // The highlighted result stays in view while the arrows move through a long list.
  useEffect(() => {
    list.current?.querySelector(`#search-result-${highlight}`)?.scrollIntoView?.({ block: "nearest" });
  }, [highlight]);

  useEffect(() => {
    if (!enterPending || state === "loading") return;
    setEnterPending(false);
    if (state === "done" && results[0]) open_(results[0]);
    // open_ is this render's; only the answer's arrival matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterPending, state, results]);

  function open_(result: SearchResultItem) {
    saveRecentSearches(userId, addRecentSearch(recent, query));
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
    } else if (event.key === "Enter" && state === "done" && results[highlight]) {
      event.preventDefault();
      open_(results[highlight]);
    } else if (event.key === "Enter" && state === "loading") {
      // Typed fast and sent at once, as in any search box: the first result opens when it comes.
      event.preventDefault();
      setEnterPending(true);
    }
  }

  const money = (cents: number) => formatPrice(cents, sanitizeLanguage(i18n.language) ?? "pt");
  // A result's day in the reader's words ("1 de dezembro de 2026"), not the API's "2026-12-01".
  const dayText = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatLongDate(new Date(`${date}T00:00:00`), sanitizeLanguage(i18n.language) ?? "pt") : date);
  const showResults = state === "done" && results.length > 0;
  let index = 0;

  return (
    <Dialog open={open} onClose={onClose} className="relative z-[80]">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-2 pt-[6vh] sm:p-4 sm:pt-[10vh]">
        <DialogPanel className="w-full max-w-xl overflow-hidden rounded-2xl bg-white shadow-2xl">
          <DialogTitle className="sr-only">{t("search.title")}</DialogTitle>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4">
            <MagnifyingGlassIcon className="h-5 w-5 text-slate-400" aria-hidden="true" />
            <input
              autoFocus
              role="combobox"
              aria-expanded={showResults}
              aria-controls="search-results"
              aria-autocomplete="list"
              aria-activedescendant={showResults ? `search-result-${highlight}` : undefined}
              aria-label={t("search.title")}
              placeholder={t("search.placeholder")}
              value={query}
              maxLength={200}
              onChange={(e) => {
                setQuery(e.target.value);
                setEnterPending(false);
              }}
              onKeyDown={onKeyDown}
              className="h-12 flex-1 border-0 bg-transparent text-slate-900 placeholder:text-slate-400 focus:outline-none"
            />
            <kbd className="hidden rounded border border-slate-200 px-1.5 text-xs text-slate-500 sm:inline">Esc</kbd>
          </div>
          <div role="group" aria-label={t("search.categoriesLabel")} className="flex gap-1 overflow-x-auto border-b border-slate-100 px-3 py-2">
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
          <div ref={list} className="max-h-[60vh] overflow-y-auto p-2 sm:max-h-[50vh]">
            {query.trim().length < MIN_SEARCH_LENGTH ? (
              <div className="space-y-3 p-2">
                {/* The spec's samples (viagem, reunião, exercício) until the person has searched, said
                    to be suggestions: shown as "recent searches" they were searches nobody made. */}
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{recent.length ? t("search.recent") : t("search.suggestions")}</p>
                <ul className="space-y-1">
                  {(recent.length ? recent : (t("search.samples", { returnObjects: true }) as string[])).map((item) => (
                    <li key={item}>
                      <button type="button" onClick={() => setQuery(item)} className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-100">
                        <ClockIcon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                        <span className="min-w-0 truncate" title={item} dir="auto">
                          {item}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
                <p className="text-sm text-slate-500">{t("search.tip")}</p>
              </div>
            ) : state === "loading" || state === "idle" ? (
              <div className="space-y-3 p-3" aria-busy="true">
                <p className="sr-only" role="status">
                  {t("search.searching")}
                </p>
                {[0, 1, 2].map((i) => (
                  <div key={i} className="space-y-1.5">
                    <Skeleton className="h-4 w-2/3" />
                    <Skeleton className="h-3 w-1/2" />
                  </div>
                ))}
              </div>
            ) : state === "error" ? (
              <div className="flex flex-col items-center gap-3 p-4" role="alert">
                <p className="text-sm text-red-700">{t("search.error")}</p>
                <Button variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
                  {t("search.retry")}
                </Button>
              </div>
            ) : results.length === 0 ? (
              <p className="p-4 text-center text-sm text-slate-500" role="status">
                {t("search.noResults")}
              </p>
            ) : (
              <div id="search-results" role="listbox" aria-label={t("search.results", { count: results.length })}>
                {groupResults(results).map((group) => {
                  const Icon = ICONS[group.type] ?? MagnifyingGlassIcon;
                  return (
                    <div key={group.type} role="group" aria-labelledby={`search-group-${group.type}`} className="mb-1">
                      <p id={`search-group-${group.type}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                        {t(`search.categories.${group.type as "event"}`)}
                      </p>
                      {group.items.map((result) => {
                        const position = index++;
                        const details = [
                          result.metadata.date && dayText(result.metadata.date),
                          result.metadata.amountCents !== undefined ? (hideValues ? t("search.amountHidden") : money(result.metadata.amountCents)) : undefined,
                          result.description && result.description !== result.metadata.date ? result.description : undefined,
                        ]
                          .filter(Boolean)
                          .join(" · ");
                        return (
                          <div
                            key={`${result.type}-${result.id}`}
                            id={`search-result-${position}`}
                            role="option"
                            aria-selected={position === highlight}
                            onMouseEnter={() => setHighlight(position)}
                            onClick={() => open_(result)}
                            className={`flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2 ${position === highlight ? "bg-brand-50" : ""}`}
                          >
                            <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                            {/* One line each, cut to the dialog's width: the whole of it on hover. */}
                            <div className="min-w-0">
                              <p className="truncate text-sm font-medium" title={result.title} dir="auto">
                                {result.title}
                              </p>
                              <p className="truncate text-xs text-slate-500" title={details}>
                                {details}
                              </p>
                            </div>
                          </div>
                        );
                      })}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
          <p className="hidden border-t border-slate-100 px-4 py-2 text-xs text-slate-500 sm:block">{t("search.keys")}</p>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
