import { ClipboardDocumentListIcon } from "@heroicons/react/24/outline";
import { isLocalDevelopment } from "@worker/lib/development";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Button } from "~/components/ui/button";
import { Combobox } from "~/components/ui/combobox";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DateField } from "~/components/ui/date-picker";
import { TimeField } from "~/components/ui/time-field";
import { todayIso } from "~/components/ui/date-grid";
import { EmptyState } from "~/components/ui/empty-state";
import { Select, TextArea, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/form";
import { MoneyInput } from "~/components/ui/money-input";
import { Loading } from "~/components/ui/skeleton";
import { Switch } from "~/components/ui/switch";
import { useApiForm } from "~/components/ui/use-api-form";
import type { ApiResult } from "~/lib/api";
import type { Route } from "./+types/ui";

/** /dev/ui: every piece of the UI kit in one page, to look at, try with the keyboard and run axe on (development only, 404 elsewhere). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!isLocalDevelopment(context.cloudflare.env, request.url)) throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "UI — Rumo" }, { name: "robots", content: "noindex, nofollow" }];
}

const ZONES = ["Europe/Lisbon", "Atlantic/Azores", "Atlantic/Madeira", "Europe/London", "America/Sao_Paulo", "Africa/Luanda", "Africa/Maputo"];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export default function UiGallery() {
  const { t } = useTranslation("ui");
  const [name, setName] = useState("");
  const [category, setCategory] = useState("home");
  const [zone, setZone] = useState<string | null>("Europe/Lisbon");
  const [due, setDue] = useState("");
  const [time, setTime] = useState("09:30");
  const [cents, setCents] = useState<number | null>(123456);
  const [reminders, setReminders] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [formDate, setFormDate] = useState("");
  // The form section answers like the API would for a date in the past, to show where its messages go.
  const form = useApiForm({ fields: ["date"], fallback: t("gallery.formError") });
  const fakeApi = async (): Promise<ApiResult<null>> =>
    formDate !== "" && formDate >= todayIso()
      ? { ok: true, status: 200, data: null }
      : { ok: false, status: 400, error: { code: "validation_failed", message: t("gallery.formError"), fields: { date: t("gallery.formFieldError") } } };

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold">{t("gallery.title")}</h1>
        <p className="text-slate-600">{t("gallery.intro")}</p>
      </header>

      <Section title={t("gallery.fields")}>
        <TextField label={t("gallery.name")} hint={t("gallery.nameHint")} value={name} onChange={(e) => setName(e.target.value)} />
        <TextArea label={t("gallery.notes")} optional />
        <Select
          label={t("gallery.category")}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={(["home", "work", "health"] as const).map((key) => ({ value: key, label: t(`gallery.categories.${key}`) }))}
        />
        <Combobox label={t("gallery.timeZone")} options={ZONES.map((z) => ({ value: z, label: z }))} value={zone} onChange={setZone} />
      </Section>

      <Section title={t("gallery.dates")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField label={t("gallery.dueDate")} value={due} onChange={setDue} min="2020-01-01" max="2035-12-31" />
          <TimeField label={t("gallery.time")} value={time} onChange={setTime} />
        </div>
        <p className="text-sm text-slate-500" data-testid="date-value">
          {due || "—"} {time || "—"}
        </p>
      </Section>

      <Section title={t("gallery.money")}>
        <MoneyInput label={t("gallery.amount")} valueCents={cents} onChangeCents={setCents} />
        <p className="text-sm text-slate-500" data-testid="money-value">
          {t("gallery.inCents", { cents: cents ?? "—" })}
        </p>
      </Section>

      <Section title={t("gallery.switches")}>
        <Switch label={t("gallery.reminders")} description={t("gallery.remindersHint")} checked={reminders} onChange={setReminders} />
      </Section>

      <Section title={t("gallery.buttons")}>
        <div className="flex flex-wrap gap-2">
          <Button>{t("gallery.primary")}</Button>
          <Button variant="secondary">{t("gallery.secondary")}</Button>
          <Button variant="danger">{t("gallery.danger")}</Button>
          <Button variant="ghost">{t("gallery.ghost")}</Button>
          <Button loading>{t("gallery.primary")}</Button>
        </div>
      </Section>

      <Section title={t("gallery.dialog")}>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t("gallery.deleteTask")}
        </Button>
        {deleted && <Notice tone="success">{t("gallery.deleted")}</Notice>}
        <ConfirmDialog
          open={confirming}
          destructive
          title={t("gallery.deleteTitle")}
          description={t("gallery.deleteText")}
          confirmLabel={t("gallery.danger")}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            setDeleted(true);
          }}
        />
      </Section>

      <Section title={t("gallery.empty")}>
        <EmptyState icon={ClipboardDocumentListIcon} title={t("gallery.emptyTitle")} text={t("gallery.emptyText")} action={<Button>{t("gallery.emptyAction")}</Button>} headingLevel={3} />
      </Section>

      <Section title={t("gallery.loading")}>
        <Loading lines={3} />
      </Section>

      <Section title={t("gallery.form")}>
        <form onSubmit={form.submit(fakeApi)} className="space-y-4" noValidate>
          <DateField label={t("gallery.dueDate")} value={formDate} onChange={setFormDate} error={form.errors.date} />
          {form.message && <Notice tone="error">{form.message}</Notice>}
          <Button type="submit" loading={form.pending}>
            {t("gallery.formSubmit")}
          </Button>
        </form>
      </Section>
    </main>
  );
}
