import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AuditActor } from '../../../platform/audit.ts';
import type { OssService } from '../context.ts';
import type { ResolvedAccessKey } from '../keys/directory.ts';
import type { S3Target } from './request.ts';
import type { SigV4Result } from './sigv4.ts';

/** Who sent a request: the owner of a verified access key, or nobody (no signature). */
export type S3Caller = { kind: 'anonymous' } | { kind: 'key'; key: ResolvedAccessKey; auth: SigV4Result };

/** One S3 request on its way through the listener: what it addresses, who sent it, where the answer goes. */
export interface S3Exchange {
  service: OssService;
  req: IncomingMessage;
  res: ServerResponse;
  target: S3Target;
  /** The query's parameters, decoded. */
  query: ReadonlyMap<string, string>;
  headers: IncomingHttpHeaders;
  caller: S3Caller;
  /** The peer's address, for the policies' source ranges. */
  sourceIp: string;
  requestId: string;
  /**
   * The bucket the request is counted on for the statistics (set once it is authorized, the
   * destination's for a copy), with the body bytes it received and sent; counted when it succeeds.
   */
  counted?: { bucketId: string; bytesIn: number; bytesOut: number };
}

/** The key's owner as the audit log names who made a change, and from where. */
export const auditActorOf = (exchange: S3Exchange): AuditActor => ({
  actorId: exchange.caller.kind === 'key' ? exchange.caller.key.ownerId : null,
  ip: exchange.sourceIp,
  requestId: exchange.requestId,
});

/** A header's value, several of the same name joined as HTTP does. */
export function headerOf(exchange: Pick<S3Exchange, 'headers'>, name: string): string | undefined {
  const value = exchange.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The target's key; every object operation has one (request.ts resolves them only with a key). */
export function keyOf(exchange: S3Exchange): string {
  const { key } = exchange.target;
  if (key === undefined) throw new Error(`${exchange.target.operation} without a key`);
  return key;
}
