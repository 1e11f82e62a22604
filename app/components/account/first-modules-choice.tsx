import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/field";
import { MODULES } from "~/modules";

/**
 * 'Por onde quer começar?': one checkbox per module, named by its manifest's own namespace, in
 * navigation order. Onboarding asks it first; Perfil → Preferências changes it (decision 0111).
 * The screen's route loads the modules' namespaces (its handle), or the labels are keys.
 */
export function FirstModulesChoice({
  legend,
  hint,
  value,
  onChange,
}: {
  legend: string;
  hint: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation("account");
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <p className="text-sm text-slate-500">{hint}</p>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {MODULES.map(({ key, namespace }) => (
          <Checkbox
            key={key}
            // Each module names itself in its own catalogue namespace.
            label={t(`${namespace}:name` as "onboarding.title")}
            className="rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            checked={value.includes(key)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? [...value, key]
                  : value.filter((m) => m !== key),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
