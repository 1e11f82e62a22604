import { useState } from "react";
import { useRevalidator } from "react-router";
import { Notice } from "~/components/ui/form";
import { Switch } from "~/components/ui/switch";
import { apiFetch } from "~/lib/api";

type Props = { name: string; label: string; description: string; initial: boolean; testId?: string };

/**
 * Perfil → Preferências: one boolean of `preferences`, saved at once with PATCH /me. It flips
 * immediately, goes back with the server's message on failure, and revalidates the shell's loader
 * (which reads the preference) on success.
 */
export function PreferenceSwitch({ name, label, description, initial, testId }: Props) {
  const revalidator = useRevalidator();
  const [on, setOn] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  async function change(next: boolean) {
    setOn(next);
    setError(null);
    const result = await apiFetch("/me", { method: "PATCH", body: { preferences: { [name]: next } } });
    if (!result.ok) {
      setOn(!next);
      setError(result.error.message);
      return;
    }
    revalidator.revalidate();
  }
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4" data-testid={testId}>
      <Switch label={label} description={description} checked={on} onChange={(next) => void change(next)} />
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
