import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, sourceFiles } from "./source-files";



// Raw controls that stay on purpose: parts of composite widgets with their own keyboard model
// (docs/decisions/0018-ui-kit.md). Anything else goes through app/components/ui, so labels,
// errors and busy states are wired the same way on every screen.
const ALLOWED: Record<string, number> = {
  "app/components/shell/search-dialog.tsx": 3, // combobox input with aria-activedescendant, category toggles, recent rows
  "app/components/notifications/notification-list.tsx": 1, // the row itself opens the notification
  "app/components/notifications/notification-bell.tsx": 1, // the bell's stand-in until its popover's PopoverButton has loaded (decision 0042)
  "app/components/language-switch.tsx": 2, // the static PT/EN toggle: a GET form's submit buttons, and the page's other query parameters as hidden fields
  "app/components/shell/cookie-banner.tsx": 1, // a native checkbox as a switch: on static pages the page script, not React, reads it (decision 0042)
  "app/routes/admin/users.tsx": 1, // the row itself opens the account (as a notification row does)
  "app/routes/auth/auth-forms.tsx": 2, // hidden fields of /auth's posted forms: the form's intent, the typed address a resend goes to (decision 0052)
};

describe("UI kit guard", () => {
  it("finds no raw input, textarea, select or button outside the kit, beyond the listed exceptions", () => {
    const counts = Object.fromEntries(
      sourceFiles(join(repoRoot, "app"), (name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
        .map((path) => relative(repoRoot, path))
        .filter((path) => !path.startsWith("app/components/ui/"))
        .map((path) => [path, (readFileSync(join(repoRoot, path), "utf8").match(/<(input|textarea|select|button)[\s>]/g) ?? []).length] as const)
        .filter(([, count]) => count > 0),
    );
    expect(counts).toEqual(ALLOWED);
  });
});
