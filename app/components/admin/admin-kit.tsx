import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Loading } from "~/components/ui/skeleton";
import { sanitizeLanguage, type Language, intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";
import { apiFetch, type ApiErrorBody } from "~/lib/api";

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
