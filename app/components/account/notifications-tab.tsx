import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Select } from "~/components/ui/field";
import { Button, Notice } from "~/components/ui/form";
import { Loading } from "~/components/ui/skeleton";
import { Switch } from "~/components/ui/switch";
import { TimeField } from "~/components/ui/time-field";
import { BrowserNotificationsOffer } from "~/components/notifications/browser-notifications-offer";
import { apiFetch, type ApiErrorBody } from "~/lib/api";
import { ALWAYS_DELIVERED } from "@worker/notifications/preferences";

export const FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/**
 * Types nothing in Rumo sends (the API keeps a preference for every type of the specification):
 * a row of switches that can never matter would only mislead, so they are not listed
 * (docs/decisions/0102). A type that gets a sender leaves this list and gets a description.
 */
export const UNSENT_TYPES: readonly string[] = ["achievement", "social"];

/** What PUT /notification-preferences takes for one type (its schema is strict: nothing else). */
export type PreferenceItem = {
  notificationType: string;
  inAppEnabled: boolean;
  emailEnabled: boolean;
  pushEnabled: boolean;
  frequency: Frequency;
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
};

type Answer = { items: (PreferenceItem & Record<string, unknown>)[] };
type RowStatus = { state: "saving" } | { state: "saved" } | { state: "error"; message: string };

/** The writable fields of a GET or PUT answer's item (it also carries id and times). */
export function writable(item: PreferenceItem): PreferenceItem {
  const { notificationType, inAppEnabled, emailEnabled, pushEnabled, frequency, quietHoursStart, quietHoursEnd } = item;
  return { notificationType, inAppEnabled, emailEnabled, pushEnabled, frequency, quietHoursStart, quietHoursEnd };
}

/**
 * Quiet hours are stored per type, but the screen offers one setting for all of them: the first
 * type that has some speaks for the account (saving writes the same hours on every type).
 */
export function sharedQuietHours(items: readonly PreferenceItem[]): { start: string; end: string } | null {
  const found = items.find((item) => item.quietHoursStart !== null && item.quietHoursEnd !== null);
  return found ? { start: found.quietHoursStart!, end: found.quietHoursEnd! } : null;
}

/**
 * Perfil → Notificações: for every notification type, in the app and by e-mail (instant or in a
 * daily or weekly digest), and the quiet hours. Each change is saved at once (PUT with that
 * type's whole item). No push switch: nothing in Rumo delivers push notifications yet, and a switch
 * that changes nothing would mislead; `pushEnabled` is sent back as the server gave it.
 */
export function NotificationsTab() {
  const { t } = useTranslation("account");
  const [items, setItems] = useState<PreferenceItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [statuses, setStatuses] = useState<Record<string, RowStatus>>({});
  // The last answer the server gave per type: a failed save goes back to it.
  const saved = useRef<Record<string, PreferenceItem>>({});
  // Saves of one type may overlap (two quick clicks): only the latest one's answer is shown.
  const versions = useRef<Record<string, number>>({});

  useEffect(() => {
    let live = true;
    setLoadError(null);
    void apiFetch<Answer>("/notification-preferences").then((result) => {
      if (!live) return;
      if (!result.ok) return setLoadError(result.error.message || t("profile.notifications.loadFailed"));
      const loaded = result.data.items.map(writable);
      saved.current = Object.fromEntries(loaded.map((item) => [item.notificationType, item]));
      setItems(loaded);
    });
    return () => {
      live = false;
    };
  }, [attempt, t]);

  async function change(type: string, patch: Partial<PreferenceItem>) {
    const current = items?.find((item) => item.notificationType === type);
    if (!current) return;
    const next = { ...current, ...patch };
    const version = (versions.current[type] ?? 0) + 1;
    versions.current[type] = version;
    setItems((list) => list?.map((item) => (item.notificationType === type ? next : item)) ?? list);
    setStatuses((s) => ({ ...s, [type]: { state: "saving" } }));
    const result = await apiFetch<Answer>("/notification-preferences", { method: "PUT", body: { items: [next] } });
    if (versions.current[type] !== version) return;
    if (!result.ok) {
      const previous = saved.current[type];
      setItems((list) => list?.map((item) => (item.notificationType === type ? previous : item)) ?? list);
      setStatuses((s) => ({ ...s, [type]: { state: "error", message: errorText(result.error, t("profile.notifications.saveFailed")) } }));
      return;
    }
    const stored = result.data.items.find((item) => item.notificationType === type);
    if (stored) {
      saved.current[type] = writable(stored);
      setItems((list) => list?.map((item) => (item.notificationType === type ? writable(stored) : item)) ?? list);
    }
    setStatuses((s) => ({ ...s, [type]: { state: "saved" } }));
  }

  if (loadError) {
    return (
      <div className="max-w-2xl space-y-3">
        <Notice tone="error">{loadError}</Notice>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t("profile.notifications.retry")}
        </Button>
      </div>
    );
  }
  if (!items) return <Loading lines={6} label={t("profile.notifications.loading")} className="max-w-2xl" />;

  return (
    <div className="max-w-2xl space-y-8" data-testid="notification-preferences">
      <section aria-labelledby="notification-types-heading" className="space-y-3">
        <h2 id="notification-types-heading" className="text-lg font-semibold">
          {t("profile.notifications.heading")}
        </h2>
        <p className="text-sm text-slate-600">{t("profile.notifications.intro")}</p>
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {items.filter((item) => !UNSENT_TYPES.includes(item.notificationType)).map((item) => (
            <TypeRow key={item.notificationType} item={item} status={statuses[item.notificationType]} onChange={(patch) => void change(item.notificationType, patch)} />
          ))}
        </ul>
        <p className="text-sm text-slate-500">{t("profile.notifications.digestHint")}</p>
      </section>
      <QuietHours
        items={items}
        onSaved={(answer) => {
          const list = answer.map(writable);
          saved.current = Object.fromEntries(list.map((item) => [item.notificationType, item]));
          setItems(list);
        }}
      />
      <BrowserNotificationsOffer place="settings" />
    </div>
  );
}

/** The API's message, with its field messages when it has any ("check the fields" alone says little). */
function errorText(error: Pick<ApiErrorBody, "message" | "fields">, fallback: string) {
  const lines = [error.message, ...Object.values(error.fields ?? {})].filter((line, i, all) => line && all.indexOf(line) === i);
  return lines.length ? lines.join(" ") : fallback;
}

function TypeRow({ item, status, onChange }: { item: PreferenceItem; status: RowStatus | undefined; onChange: (patch: Partial<PreferenceItem>) => void }) {
  const { t } = useTranslation(["account", "notifications"]);
  const type = item.notificationType;
  const name = t(`notifications:ui.types.${type}`, { defaultValue: type });
  // Each control is named with its type: eleven "E-mail" switches would say nothing to a screen reader.
  const named = (label: string) => (
    <>
      <span className="sr-only">{name}: </span>
      {label}
    </>
  );
  const description = t(`profile.notifications.descriptions.${type}` as never, { defaultValue: "" });
  const heading = (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-3 sm:justify-start">
        <h3 className="text-sm font-semibold text-slate-900">{name}</h3>
        <RowStatusLine status={status} />
      </div>
      {description && <p className="text-sm text-slate-600">{description}</p>}
    </div>
  );
  // Security notices reach the person whatever is chosen (worker/notifications/preferences.ts):
  // said in words, with no switches that the server would not obey.
  if ((ALWAYS_DELIVERED as readonly string[]).includes(type)) {
    return (
      <li className="space-y-1 py-3" data-testid={`notification-type-${type}`}>
        {heading}
        <p className="text-sm font-medium text-slate-700">{t("profile.notifications.alwaysOn")}</p>
      </li>
    );
  }
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4" data-testid={`notification-type-${type}`}>
      {heading}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Switch label={named(t("profile.notifications.inApp"))} checked={item.inAppEnabled} onChange={(inAppEnabled) => onChange({ inAppEnabled })} />
        <Switch label={named(t("profile.notifications.email"))} checked={item.emailEnabled} onChange={(emailEnabled) => onChange({ emailEnabled })} />
        {/* Only with e-mail on: the frequency says when e-mails go out, and nothing else. Its
            options read on their own ("Resumo diário"), so the label is for screen readers. */}
        {item.emailEnabled && (
          <Select
            id={`notification-frequency-${type}`}
            label={named(t("profile.notifications.frequency"))}
            hideLabel
            className="w-44"
            value={item.frequency}
            onChange={(event) => onChange({ frequency: event.target.value as Frequency })}
            options={FREQUENCIES.map((value) => ({ value, label: t(`profile.notifications.frequencies.${value}`) }))}
          />
        )}
      </div>
    </li>
  );
}

/** "A guardar…", "Guardado" or the API's message, beside the type it is about. */
function RowStatusLine({ status }: { status: RowStatus | undefined }) {
  const { t } = useTranslation("account");
  const text = !status ? "" : status.state === "saving" ? t("profile.notifications.saving") : status.state === "saved" ? t("profile.notifications.saved") : status.message;
  const tone = status?.state === "error" ? "text-red-700" : status?.state === "saved" ? "text-emerald-700" : "text-slate-500";
  return (
    <span role={status?.state === "error" ? "alert" : "status"} className={`text-right text-xs font-medium ${tone}`}>
      {text}
    </span>
  );
}

const DEFAULT_QUIET = { start: "22:00", end: "08:00" };

/** One start and end for every type (or none); both or neither, as the API requires. */
function QuietHours({ items, onSaved }: { items: PreferenceItem[]; onSaved: (items: PreferenceItem[]) => void }) {
  const { t } = useTranslation("account");
  const current = sharedQuietHours(items);
  const [on, setOn] = useState(current !== null);
  const [start, setStart] = useState(current?.start ?? DEFAULT_QUIET.start);
  const [end, setEnd] = useState(current?.end ?? DEFAULT_QUIET.end);
  const [fieldErrors, setFieldErrors] = useState<{ start?: string; end?: string }>({});
  const [status, setStatus] = useState<{ ok: true } | { ok: false; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(hours: { start: string; end: string } | null) {
    setStatus(null);
    setFieldErrors({});
    if (hours && (!hours.start || !hours.end)) {
      const message = t("profile.notifications.quietHours.bothOrNeither");
      return setFieldErrors(hours.start ? { end: message } : { start: message });
    }
    setSaving(true);
    const body = { items: items.map((item) => ({ ...writable(item), quietHoursStart: hours?.start ?? null, quietHoursEnd: hours?.end ?? null })) };
    const result = await apiFetch<Answer>("/notification-preferences", { method: "PUT", body });
    setSaving(false);
    if (!result.ok) {
      // The API names fields as items.<n>.quietHoursStart / .quietHoursEnd: shown by their field.
      const fields = Object.entries(result.error.fields ?? {});
      const startError = fields.find(([name]) => name.endsWith("quietHoursStart"))?.[1];
      const endError = fields.find(([name]) => name.endsWith("quietHoursEnd"))?.[1];
      setFieldErrors({ start: startError, end: endError });
      if (startError || endError) return;
      return setStatus({ ok: false, text: errorText(result.error, t("profile.notifications.saveFailed")) });
    }
    onSaved(result.data.items);
    setStatus({ ok: true });
  }

  function toggle(next: boolean) {
    setOn(next);
    // Turning them off is saved at once; turning them on waits for the hours and "Guardar".
    if (!next && current) void save(null);
    else setStatus(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({ start, end });
  }

  return (
    <section aria-labelledby="quiet-hours-heading" className="space-y-3 border-t border-slate-200 pt-6" data-testid="quiet-hours">
      <h2 id="quiet-hours-heading" className="sr-only">
        {t("profile.notifications.quietHours.title")}
      </h2>
      <Switch label={t("profile.notifications.quietHours.title")} description={t("profile.notifications.quietHours.hint")} checked={on} onChange={toggle} disabled={saving} />
      {on && (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <div className="flex flex-wrap gap-4">
            <TimeField id="quiet-hours-start" label={t("profile.notifications.quietHours.start")} value={start} onChange={setStart} error={fieldErrors.start} />
            <TimeField id="quiet-hours-end" label={t("profile.notifications.quietHours.end")} value={end} onChange={setEnd} error={fieldErrors.end} />
          </div>
          <Button type="submit" loading={saving}>
            {t("profile.notifications.quietHours.save")}
          </Button>
        </form>
      )}
      {status && <Notice tone={status.ok ? "success" : "error"}>{status.ok ? t("profile.notifications.saved") : status.text}</Notice>}
    </section>
  );
}
