/** A `rows` answer of a whole, unpaged list (configuration tables): every row through its view, and the count. */
export function allRows<Row, View>(rows: readonly Row[], view: (row: Row) => View): { rows: View[]; total: number } {
  return { rows: rows.map(view), total: rows.length };
}
