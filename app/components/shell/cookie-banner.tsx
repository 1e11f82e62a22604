import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/form";
import { Switch } from "~/components/ui/switch";
import { readConsent, saveConsent, type ConsentCategories } from "~/lib/consent";

/** Shown until a choice is stored: Preferências, Rejeitar Opcionais, Aceitar Todos. */
export function CookieBanner() {
  const { t } = useTranslation("shell");
  const [visible, setVisible] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [categories, setCategories] = useState<ConsentCategories>({ functional: false, analytics: false, marketing: false });

  // Storage is read after hydration (the server cannot know it).
  useEffect(() => setVisible(readConsent() === null), []);
  if (!visible) return null;

  const choose = (choice: "accepted" | "rejected" | "custom") => {
    saveConsent(choice, categories);
    setDialog(false);
    setVisible(false);
  };

  return (
    <>
      <section aria-label={t("cookies.dialogTitle")} className="fixed inset-x-0 bottom-0 z-[55] border-t border-slate-200 bg-white p-4 shadow-2xl" data-testid="cookie-banner">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center">
          <p className="flex-1 text-sm text-slate-700">
            {t("cookies.text")}{" "}
            <Link to="/privacy" className="text-brand-700 underline">
              {t("cookies.privacy")}
            </Link>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDialog(true)}>
              {t("cookies.preferences")}
            </Button>
            <Button variant="secondary" onClick={() => choose("rejected")}>
              {t("cookies.reject")}
            </Button>
            <Button onClick={() => choose("accepted")}>{t("cookies.acceptAll")}</Button>
          </div>
        </div>
      </section>
      <Dialog open={dialog} onClose={() => setDialog(false)} className="relative z-[70]">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold">{t("cookies.dialogTitle")}</DialogTitle>
            <ConsentRow title={t("cookies.essential")} text={t("cookies.essentialText")} checked disabled />
            {(["functional", "analytics", "marketing"] as const).map((key) => (
              <ConsentRow
                key={key}
                title={t(`cookies.${key}`)}
                text={t(`cookies.${key}Text`)}
                checked={categories[key]}
                onChange={(value) => setCategories({ ...categories, [key]: value })}
              />
            ))}
            <div className="flex justify-end">
              <Button onClick={() => choose("custom")}>{t("cookies.save")}</Button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}

function ConsentRow({ title, text, checked, disabled, onChange }: { title: string; text: string; checked: boolean; disabled?: boolean; onChange?: (v: boolean) => void }) {
  return <Switch label={title} description={text} checked={checked} disabled={disabled} onChange={onChange ?? (() => undefined)} className="items-start! [&_[role=switch]]:mt-1" />;
}
