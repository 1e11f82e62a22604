import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";

/**
 * The tasks screen's route ErrorBoundary: its loader failed (D1 down, a bug). Said inside the app's
 * shell, in the screen's words, with a retry that runs the loader again, instead of the root's error
 * page in place of the whole app (the calendar's pattern).
 */
export function TasksLoadError() {
  const { t } = useTranslation(["tasks", "common"]);
  const revalidator = useRevalidator();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{t("screen.title")}</h1>
      <EmptyState
        title={t("errors.load")}
        action={
          <Button variant="secondary" onClick={() => void revalidator.revalidate()} loading={revalidator.state === "loading"}>
            {t("common:errorBoundary.retry")}
          </Button>
        }
      />
    </section>
  );
}
