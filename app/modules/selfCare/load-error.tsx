import { useTranslation } from "react-i18next";
import { ScreenLoadError } from "~/components/ui/screen-load-error";

/** The self-care screen's route ErrorBoundary (a failed loader, said inside the app's shell). */
export function SelfCareLoadError() {
  const { t } = useTranslation("selfCare");
  return <ScreenLoadError title={t("name")} message={t("loadFailed")} className="mx-auto max-w-3xl space-y-4" />;
}
