/**
 * What the diary's entries tab shows above the list, loaded after the first paint (decision 0115):
 * the filter bar (moods, an emotion, words) and "Neste dia" (what the user wrote on this day in
 * earlier years). Nothing here leaves the user's own API.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Select, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { apiFetch } from "~/lib/api";
import { formatLongDate } from "~/lib/dates";
import { useOnline } from "~/lib/use-online";
import { cutText } from "@worker/lib/cut-text";
import { EMOTIONS, MOOD_KEYS, WORDS_MAX, WORDS_MIN, type Emotion } from "@worker/modules/diary/vocabulary";
import { isFiltered, NO_FILTERS, withFilters, type EntryFilters } from "../entry-filters";
import { EntryText } from "./entry-text";

/** How long typing pauses before the words are looked for: one request per pause, not per key. */
export const WORDS_DEBOUNCE_MS = 350;

const MOOD_FACES = ["😞", "🙁", "😐", "🙂", "😄"];

/** The address with other filters: the route's loader lists their first page. */
function useSetFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  return (next: EntryFilters, { replace = false } = {}) => {
    const search = withFilters(new URLSearchParams(location.search), next).toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace, preventScrollReset: true });
  };
}

/**
 * The entries' filters: mood chips (any of those pressed), an emotion, words (looked for after a
 * pause in typing) and "Limpar filtros". The filters are the screen's address: back/forward and a
 * reload keep them, and typing goes on in the same history entry. Offline they wait for a
 * connection, and say so (decision 0115). `onChange`: where the filters go, the address by default.
 */
export function FilterBar({ filters: listed, onChange: onChangeOf }: { filters: EntryFilters; onChange?: (filters: EntryFilters, options?: { replace?: boolean }) => void }) {
  const { t } = useTranslation("diary");
  const setFilters = useSetFilters();
  const offline = !useOnline();
  // The filters last asked for, until the address has them (the list loads in between): a change
  // made meanwhile (a chip lifted, then words typed) builds on them, not on the list still shown.
  const [pending, setPending] = useState<EntryFilters | null>(null);
  const listedKey = `${listed.moods.join(",")}|${listed.emotion ?? ""}|${listed.words}`;
  const [listedBefore, setListedBefore] = useState(listedKey);
  if (listedBefore !== listedKey) {
    setListedBefore(listedKey);
    setPending(null);
  }
  const filters = pending ?? listed;
  const onChange = (...change: [next: EntryFilters, options?: { replace?: boolean }]) => {
    setPending(change[0]);
    (onChangeOf ?? setFilters)(...change);
  };
  const [words, setWords] = useState(listed.words);
  // The address changed under the box (back/forward, "Limpar filtros"): the box shows its words.
  const shown = useRef(listed.words);
  useEffect(() => {
    if (listed.words === shown.current) return;
    shown.current = listed.words;
    setWords(listed.words);
  }, [listed.words]);
  // The words go to the address after a pause; while one is typing, in the same history entry.
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  useEffect(() => {
    if (words === latest.current.filters.words) return;
    const timer = window.setTimeout(() => {
      shown.current = words;
      latest.current.onChange({ ...latest.current.filters, words }, { replace: latest.current.filters.words !== "" });
    }, WORDS_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [words]);

  const toggleMood = (mood: number) =>
    onChange({ ...filters, words, moods: filters.moods.includes(mood) ? filters.moods.filter((m) => m !== mood) : [...filters.moods, mood].sort() });
  const tooShort = words.trim().length > 0 && words.trim().length < WORDS_MIN;
  const any = isFiltered(filters) || words.trim() !== "";

  return (
    <form role="search" aria-label={t("filters.label")} className="mb-4 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" onSubmit={(event) => event.preventDefault()}>
      {offline && <Notice tone="info">{t("filters.offline")}</Notice>}
      {/* Disabled offline: the loader's list needs the connection; "Limpar filtros" stays to return to the whole (cached) list. */}
      <div className="space-y-3">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t("filters.mood")}</legend>
          <div className="flex flex-wrap gap-2">
            {MOOD_KEYS.map((key, i) => (
              <Button
                key={key}
                variant="secondary"
                aria-pressed={filters.moods.includes(i + 1)}
                disabled={offline}
                className={`!rounded-full !px-3 !py-1 ${filters.moods.includes(i + 1) ? "!border-brand-600 !bg-brand-50 text-brand-800" : ""}`}
                onClick={() => toggleMood(i + 1)}
              >
                <span aria-hidden="true">{MOOD_FACES[i]}</span> {t(`moods.${key}`)}
              </Button>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <Select
            label={t("filters.emotion")}
            value={filters.emotion ?? ""}
            disabled={offline}
            options={[{ value: "", label: t("filters.anyEmotion") }, ...EMOTIONS.map((emotion) => ({ value: emotion, label: t(`emotions.${emotion}`) }))]}
            onChange={(event) => onChange({ ...filters, words, emotion: (event.target.value || null) as Emotion | null })}
          />
          <TextField
            type="search"
            label={t("filters.words")}
            placeholder={t("filters.wordsPlaceholder")}
            value={words}
            disabled={offline}
            maxLength={WORDS_MAX}
            hint={tooShort ? t("filters.wordsTooShort") : undefined}
            onChange={(event) => setWords(event.target.value)}
            // Enter looks now, without waiting for the pause.
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              shown.current = words;
              if (words !== filters.words) onChange({ ...filters, words }, { replace: filters.words !== "" });
            }}
          />
        </div>
      </div>
      <div className="flex justify-end">
        <Button
          variant="ghost"
          disabled={!any}
          onClick={() => {
            shown.current = "";
            setWords("");
            onChange(NO_FILTERS);
          }}
        >
          {t("filters.clear")}
        </Button>
      </div>
    </form>
  );
}

type PastEntry = { id: string; title: string; content: string; date: string; yearsAgo: number };

/**
 * "Neste dia": the entries written on today's month and day in earlier years, read when the tab
 * shows. Nothing there (or no connection): no card at all.
 */
export function OnThisDay({ language }: { language: "pt" | "en" }) {
  const { t } = useTranslation("diary");
  const [items, setItems] = useState<PastEntry[]>([]);
  const headingId = useId();
  useEffect(() => {
    let current = true;
    void apiFetch<{ items: PastEntry[] }>("/diary/on-this-day").then((result) => {
      if (current && result.ok) setItems(result.data?.items ?? []);
    });
    return () => {
      current = false;
    };
  }, []);
  if (!items.length) return null;
  return (
    <section aria-labelledby={headingId} className="mb-4 rounded-2xl border border-brand-200 bg-brand-50/40 p-4" data-testid="on-this-day">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t("onThisDay.title")}
      </h2>
      <ul className="mt-2 space-y-3">
        {items.map((entry) => (
          <li key={entry.id}>
            <h3 className="text-sm font-semibold text-slate-900">
              {t("onThisDay.yearsAgo", { count: entry.yearsAgo })}
              <span className="font-normal text-slate-600">
                {" · "}
                <time dateTime={entry.date}>{formatLongDate(new Date(`${entry.date}T12:00:00`), language)}</time>
              </span>
            </h3>
            <p dir="auto" className="text-sm font-medium text-slate-800">
              {entry.title || cutText(entry.content.trim().split("\n")[0], 60) || t("list.untitled")}
            </p>
            {entry.content && <EntryText text={entry.content} open={false} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
