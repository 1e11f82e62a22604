import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";

/**
 * A screen's route ErrorBoundary: its loader failed (D1 down, a bug). Said inside the app's shell,
 * under the screen's title and in its words, with a retry that runs the loader again in place,
 * instead of the root's error page in place of the whole app.
 */
export function ScreenLoadError({ title, message, className = "space-y-4" }: { title: string; message: string; className?: string }) {
  const { t } = useTranslation("common");
  const revalidator = useRevalidator();
  return (
    <section className={className}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <EmptyState
        title={message}
        action={
          <Button variant="secondary" onClick={() => void revalidator.revalidate()} loading={revalidator.state === "loading"}>
            {t("errorBoundary.retry")}
          </Button>
        }
      />
    </section>
  );
}
