// The number a creator's statement, their bank's lodgement reference and the batch's file names
// show for a payout line or batch.

/** A payout line's (or batch's) statement number: the last 8 characters of its id, in capitals. */
export const statementNumber = (lineId: string) => lineId.slice(-8).toUpperCase();
