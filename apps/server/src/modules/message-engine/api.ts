import type { AuditActor } from '../../platform/audit.ts';
import type { InsideMessageInput } from './delivery/deliver.ts';

/** What message-engine offers the other modules: sending inside messages. */
export interface MessageEngineApi {
  /** Stores an inside message for everyone named and pushes it to their open streams. */
  sendInsideMessage(input: InsideMessageInput, audit?: AuditActor): Promise<{ id: string; recipients: number }>;
}
