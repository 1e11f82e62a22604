/**
 * Type-level tests, checked by `npm run typecheck` (tsc), never run: each `@ts-expect-error` line
 * must be an error, or tsc fails with "Unused '@ts-expect-error' directive". They prove that a
 * mistyped catalogue key fails the type check wherever keys are written.
 */
import type { TFunction } from "i18next";
import type { NavItem } from "~/components/shell/navigation";
import type { Namespace } from "~/locales";
import type { KeyOf, MessageKey } from "~/locales/types";
import { apiError } from "@worker/lib/errors";

declare const shell: TFunction<["shell"]>;
declare const server: TFunction<Namespace[]>;

export const checks = [
  shell("nav.dashboard"),
  shell("shell:nav.dashboard"),
  // @ts-expect-error a mistyped key in a component
  shell("shell:nav.dashbord"),
  // @ts-expect-error a key of a namespace the component did not ask for
  shell("auth:actions.signOut"),
  server("errors:not_found"),
  // @ts-expect-error a mistyped key on the server (e-mails, notifications)
  server("email:welcome.subjct"),
];

export const keys: MessageKey[] = [
  "errors:field.required",
  "email:digest.dailySubject", // plural forms (_one/_other) are one key
  // @ts-expect-error a key that is not in any catalogue
  "errors:field.requird",
  // @ts-expect-error a key without its namespace
  "field.required",
];

export const shellKey: KeyOf<"shell"> = "shell:nav.tasks";
// @ts-expect-error a key of another namespace
export const notShellKey: KeyOf<"shell"> = "auth:actions.signOut";

export const navItem: NavItem = { to: "/app/tarefas", labelKey: "shell:nav.tasks", icon: "tasks" };
// @ts-expect-error navigation labels are keys too
export const badNavItem: NavItem = { to: "/app/tarefas", labelKey: "shell:nav.taks", icon: "tasks" };

export const error = apiError("forbidden", { messageKey: "errors:csrf" });
// @ts-expect-error the server's error messages are keys too
export const badError = apiError("forbidden", { messageKey: "errors:crsf" });
