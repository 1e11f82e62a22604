import type { UndoableDelete } from "./undo";

/**
 * The undo toast's deletes, kept for a test to send at once (the real one waits for the undo window).
 * A screen test mocks the module with it: `vi.mock("~/components/ui/undo", () => import("~/components/ui/undo.test-utils"))`,
 * then runs `undos[0].commit()` and empties `undos` between tests.
 */
export const undos: UndoableDelete[] = [];

export function deleteWithUndo(options: UndoableDelete) {
  undos.push(options);
  options.hide();
  return () => options.restore();
}

/** Sends the kept delete named `key` at once, as the real one does before its window ends. */
export async function sendPendingDelete(key: string) {
  const index = undos.findIndex((options) => options.key === key);
  if (index < 0) return;
  const [options] = undos.splice(index, 1);
  await options.commit();
}
