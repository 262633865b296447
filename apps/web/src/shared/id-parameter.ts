/** A positive integer from a route parameter (`?id=`), or null. */
export function idParameter(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
