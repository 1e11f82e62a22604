import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { MoneyInput, useUnreadableAmounts } from "~/components/ui/money-input";
import type { QueuedChange } from "~/lib/offline/queue";
import { EDITABLE } from "./editable";

const runtime = () => import("~/lib/offline/runtime");

/** Corrects the editable fields of a refused change and sends it again. */
export function EditForm({ change, onDone }: { change: QueuedChange; onDone: () => void }) {
  const { t } = useTranslation("shell");
  const [body, setBody] = useState<Record<string, unknown>>(change.body);
  const fields = EDITABLE[change.kind];
  const amounts = useUnreadableAmounts();
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        // An amount the box could not read would send the refused one again.
        if (amounts.refused()) return;
        const label = String(body.title ?? body.description ?? change.label) || change.label;
        const { queue, replayNow } = await runtime();
        await queue.edit(change, body, label);
        onDone();
        void replayNow();
      }}
    >
      {fields.map((field) =>
        field === "amountCents" ? (
          <MoneyInput
            key={field}
            label={t("offline.fields.amountCents")}
            valueCents={typeof body.amountCents === "number" ? body.amountCents : null}
            onChangeCents={(cents) => setBody((current) => ({ ...current, amountCents: cents }))}
            onUnreadable={amounts.watch(field)}
            error={change.error?.fields?.[field]}
          />
        ) : (
          <TextField
            key={field}
            label={t(`offline.fields.${field}`)}
            value={String(body[field] ?? "")}
            error={change.error?.fields?.[field]}
            onChange={(event) => setBody((current) => ({ ...current, [field]: event.target.value }))}
          />
        ),
      )}
      <div className="flex gap-2">
        <Button type="submit">{t("offline.save")}</Button>
        <Button variant="ghost" onClick={onDone}>
          {t("offline.cancel")}
        </Button>
      </div>
    </form>
  );
}
