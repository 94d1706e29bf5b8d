// What an applicant's edit changes: the row's columns whose value differs from the loaded one
// (cleared answers as null), leaving out the locked ones. The student and matrimony edit forms
// send only these, so the database's lock after approval sees no untouched column.

/** `before` and `after` are the rows (column → value) of the loaded and the edited answers. */
export function changedColumns(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  lockedColumns: ReadonlySet<string>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const column of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (lockedColumns.has(column)) continue;
    const next = after[column] ?? null;
    if (JSON.stringify(before[column] ?? null) !== JSON.stringify(next)) changes[column] = next;
  }
  return changes;
}
