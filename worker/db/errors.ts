// What a failed D1 write was refused by. D1 reports a failed constraint only in the error's message
// ("UNIQUE constraint failed: users.email", "CHECK constraint failed: <name>"), sometimes on an
// error it wraps (drizzle's, a batch's), so the chain of causes is read too.

/** True when `err`, or an error it wraps, names `constraint` (a CHECK's name or "table.column"). */
export function failedConstraint(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (!(e instanceof Error)) return String(e).includes(constraint);
    if (e.message.includes(constraint)) return true;
    e = e.cause;
  }
  return false;
}

/** True when a write lost a race on the unique index of `column` ("users.email"). */
export const violatesUnique = (err: unknown, column: string): boolean =>
  failedConstraint(err, `UNIQUE constraint failed: ${column}`);
