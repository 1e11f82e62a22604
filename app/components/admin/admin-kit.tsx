import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Loading } from "~/components/ui/skeleton";
import { sanitizeLanguage, type Language, intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import { apiFetch, type ApiErrorBody } from "~/lib/api";
import { screenToast } from "~/components/shell/toast-store";

export type Load<T> = { status: "loading" } | { status: "error"; error: ApiErrorBody } | { status: "ready"; data: T };

/** GETs an admin API path in the browser; `reload` fetches again (after an action). */
export function useAdminData<T>(path: string | null) {
  const [state, setState] = useState<Load<T>>({ status: "loading" });
  const [serial, setSerial] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => (s.status === "ready" ? s : { status: "loading" }));
    void apiFetch<T>(path).then((result) => {
      if (!live) return;
      setState(result.ok ? { status: "ready", data: result.data } : { status: "error", error: result.error });
    });
    return () => {
      live = false;
    };
  }, [path, serial]);
  const reload = useCallback(() => setSerial((n) => n + 1), []);
  return { state, reload };
}

/**
 * A paged admin list (`path` holds its limit and filters): the first page as `useAdminData` loads
 * it, the later ones on "Carregar mais". The pages loaded belong to the path they were loaded for,
 * so another filter starts again from its first page; `refresh` (after an action) does too.
 */
export function useAdminPages<T>(path: string) {
  const { t } = useTranslation("admin");
  const { state, reload } = useAdminData<{ items: T[]; nextCursor: string | null }>(path);
  // Pages after the first, and the cursor after the last one loaded ("": no more).
  const [later, setLater] = useState<{ path: string; items: T[]; cursor: string } | null>(null);
  const [more, setMore] = useState(false);
  // Another filter: its list starts again from its first page (a reset during render, not an effect).
  if (later && later.path !== path) setLater(null);
  const loaded = later?.path === path ? later : null;
  const loadMore = async (next: string) => {
    setMore(true);
    const result = await apiFetch<{ items: T[]; nextCursor: string | null }>(`${path}&cursor=${encodeURIComponent(next)}`);
    setMore(false);
    if (!result.ok) return screenToast(result.error.message || { key: "admin:common.loadError" }, undefined, "error");
    setLater({ path, items: [...(loaded?.items ?? []), ...result.data.items], cursor: result.data.nextCursor ?? "" });
  };
  const refresh = () => {
    setLater(null);
    reload();
  };
  /** The rows loaded so far under `page` (the first), and the cursor of the next page (null: no more). */
  const rowsOf = (page: { items: T[]; nextCursor: string | null }) => ({ items: [...page.items, ...(loaded?.items ?? [])], next: loaded ? loaded.cursor || null : page.nextCursor });
  const moreButton = (next: string | null) =>
    next && (
      <Button variant="secondary" loading={more} onClick={() => void loadMore(next)}>
        {t("common.loadMore")}
      </Button>
    );
  return { state, reload, refresh, rowsOf, moreButton };
}

/** Loading skeleton, error with retry, or the content. */
export function Loaded<T>({ load, retry, children }: { load: Load<T>; retry: () => void; children: (data: T) => ReactNode }) {
  const { t } = useTranslation("admin");
  if (load.status === "loading") return <Loading lines={4} label={t("common.loading")} />;
  if (load.status === "error")
    return (
      <div role="alert" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{load.error.message || t("common.loadError")}</p>
        <Button variant="secondary" onClick={retry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  return <>{children(load.data)}</>;
}

/** The frame of every admin screen: the way back to the hub, the title, an optional intro and actions. */
export function AdminPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <Link to="/app/admin" className="text-sm font-medium text-brand-700 hover:underline">
          ← {t("common.back")}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          {actions}
        </div>
        {intro && <p className="max-w-prose text-sm text-slate-600">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return (sanitizeLanguage(i18n.language) ?? "pt") as Language;
}

/** Date and time in the viewer's language and time zone (instants are UTC in the API). */
export function formatInstant(iso: string | null | undefined, language: Language, fallback = "—") {
  if (!iso) return fallback;
  return dateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A figure the small-group rule may have withheld (null): shown as "< 5". */
export function Figure({ value, format = (n) => String(n) }: { value: number | null; format?: (n: number) => string }) {
  const { t } = useTranslation("admin");
  return <>{value === null ? t("common.small") : format(value)}</>;
}

export function Badge({ tone = "slate", children }: { tone?: "slate" | "green" | "red" | "amber" | "brand"; children: ReactNode }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    green: "bg-emerald-100 text-emerald-800",
    red: "bg-red-100 text-red-800",
    amber: "bg-amber-100 text-amber-800",
    brand: "bg-brand-50 text-brand-700",
  };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}
