import { describe, expect, it } from "vitest";
import { deepIconImports } from "../../scripts/icon-imports";

describe("one import per icon (scripts/icon-imports.ts)", () => {
  it("rewrites a set's import into one import per icon module, renames kept", () => {
    const code = 'import { HomeIcon, XMarkIcon as Close } from "@heroicons/react/24/outline";\nconst x = 1;';
    expect(deepIconImports(code)).toBe('import HomeIcon from "@heroicons/react/24/outline/HomeIcon"; import Close from "@heroicons/react/24/outline/XMarkIcon";\nconst x = 1;');
  });

  it("keeps the line count of a multi-line import, so the lines after it do not move", () => {
    const code = "import {\n  BellIcon,\n  CheckIcon,\n} from '@heroicons/react/20/solid';\nexport const y = 2;";
    const rewritten = deepIconImports(code);
    expect(rewritten.split("\n")).toHaveLength(code.split("\n").length);
    expect(rewritten).toContain('import BellIcon from "@heroicons/react/20/solid/BellIcon"; import CheckIcon from "@heroicons/react/20/solid/CheckIcon";');
    expect(rewritten.endsWith("export const y = 2;")).toBe(true);
  });

  it("drops type-only specifiers and leaves other imports alone", () => {
    const code = 'import { type HomeIcon, BellIcon } from "@heroicons/react/24/outline";\nimport { useState } from "react";\nimport type { X } from "@heroicons/react/24/outline";';
    expect(deepIconImports(code)).toBe('import BellIcon from "@heroicons/react/24/outline/BellIcon";\nimport { useState } from "react";\nimport type { X } from "@heroicons/react/24/outline";');
  });
});
