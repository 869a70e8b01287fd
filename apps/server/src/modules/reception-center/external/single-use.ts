/** The row a delete-returning took, when it was still in force: rows of these flows are spent as they are read. */
export async function inForce<T extends { expiresAt: Date }>(deleted: Promise<T[]>): Promise<T | undefined> {
  const [row] = await deleted;
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}
