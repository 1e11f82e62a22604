import "i18next";
import type { resources } from "~/locales";

// Named apart from i18n.ts on purpose: TypeScript ignores `i18n.d.ts` beside `i18n.ts` (it takes it
// for that file's own declaration output), which silently left every key untyped.
// app/i18n/typed-keys.typetest.ts fails the type check if keys stop being checked.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["pt"];
  }
}
