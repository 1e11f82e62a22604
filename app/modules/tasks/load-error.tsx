import { useTranslation } from "react-i18next";
import { ScreenLoadError } from "~/components/ui/screen-load-error";

/** The tasks screen's route ErrorBoundary (a failed loader, said inside the app's shell). */
export function TasksLoadError() {
  const { t } = useTranslation("tasks");
  return <ScreenLoadError title={t("screen.title")} message={t("errors.load")} />;
}
