import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { promptInstall, useCanInstall } from "~/lib/pwa/install";
import { ORIENTATIONS, readOrientation, saveOrientation, type Orientation } from "~/lib/pwa/orientation";

/** Perfil → Preferências: install the app (when the browser offers it) and its orientation. */
export function AppInstallSettings() {
  const { t } = useTranslation("shell");
  const canInstall = useCanInstall();
  const [orientation, setOrientation] = useState<Orientation>("auto");
  useEffect(() => setOrientation(readOrientation()), []);
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4" data-testid="app-settings">
      <Select
        label={t("app.orientation")}
        hint={t("app.orientationHint")}
        value={orientation}
        onChange={(event) => {
          const next = event.target.value as Orientation;
          setOrientation(next);
          void saveOrientation(next);
        }}
        options={ORIENTATIONS.map((value) => ({ value, label: t(`app.orientations.${value}`) }))}
      />
      {canInstall && (
        <Button variant="secondary" onClick={() => void promptInstall()}>
          {t("app.install")}
        </Button>
      )}
    </div>
  );
}
