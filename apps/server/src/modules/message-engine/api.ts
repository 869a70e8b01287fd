import type { AuditActor } from '../../platform/audit.ts';
import type { InsideMessageInput } from './delivery/deliver.ts';
import type { SignInCodes } from './sign-in-codes/sign-in-codes.ts';

/** What message-engine offers the other modules: sending inside messages. */
export interface MessageEngineApi {
  /** Stores an inside message for everyone named and pushes it to their open streams. */
  sendInsideMessage(input: InsideMessageInput, audit?: AuditActor): Promise<{ id: string; recipients: number }>;
  /** Sign-in codes by SMS (reception-center's mobile sign-in): whether they can go out, and queuing one. */
  signInCodes: SignInCodes;
}
