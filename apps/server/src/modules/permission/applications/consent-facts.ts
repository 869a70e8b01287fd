import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { applications } from '../tables.ts';

/** What the reception-center's consent screen needs of an application: its name, and whether it is trusted. */
export interface ConsentFacts {
  id: string;
  name: string;
  /** Set by a holder of the applications' `update` point only: its clients sign users in without asking. */
  firstParty: boolean;
}

/** The applications among these ids (missing ones left out), for the consent screen and the consents list. */
export async function consentFactsOf(db: Db, ids: readonly string[]): Promise<ConsentFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: applications.id, name: applications.name, firstParty: applications.firstParty })
    .from(applications)
    .where(inArray(applications.id, [...ids]));
}
