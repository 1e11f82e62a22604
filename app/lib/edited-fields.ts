/**
 * What an edit sends: only the fields of `body` that differ from `opened` (the form as it opened),
 * so a field the person left alone cannot undo what another device or the offline queue changed
 * meanwhile. Each of `together` (fields the server checks as one, like a frequency and its
 * weekdays) is sent whole when any of its fields changed. Values compare by their JSON.
 */
export function editedFields<T extends object>(body: T, opened: T, together: readonly (readonly (keyof T)[])[] = []): Partial<T> {
  const same = (key: keyof T) => JSON.stringify(body[key]) === JSON.stringify(opened[key]);
  const changes: Partial<T> = {};
  for (const key of Object.keys(body) as (keyof T)[]) if (!same(key)) changes[key] = body[key];
  for (const group of together) if (group.some((key) => key in changes)) for (const key of group) changes[key] = body[key];
  return changes;
}
