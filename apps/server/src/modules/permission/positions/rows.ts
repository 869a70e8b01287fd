import type { Position } from '@portal/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { organizations, positions } from '../tables.ts';

export const positionColumns = {
  id: positions.id,
  orgId: positions.orgId,
  orgName: organizations.name,
  code: positions.code,
  name: positions.name,
  description: positions.description,
  sort: positions.sort,
  createdAt: positions.createdAt,
};

export const toPosition = (row: Omit<Position, 'createdAt'> & { createdAt: Date }): Position => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** Positions with their organisation's name: the base of every position read. */
export const selectPositions = (db: Db, where: SQL | undefined) =>
  db.select(positionColumns).from(positions).leftJoin(organizations, eq(organizations.id, positions.orgId)).where(where);
