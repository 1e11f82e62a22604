import { vi } from "vitest";

/**
 * Stand-ins for what the weekly reports' route module reaches on the Worker (its loader) and for
 * the live-changes hook; the screen under test never calls the first three. A screen test mocks
 * each module with this one, one short line a module (vitest hoists `vi.mock` only from the test
 * file itself): `vi.mock("~/lib/auth.server", () => import("./screen.test-mocks"))`.
 */
export const requireUser = vi.fn();
export const database = vi.fn();
export const listReportsRead = vi.fn();
export const findReportRead = vi.fn();
export const useEntityChanges = () => undefined;
