/** Answers of the S3 listener: XML documents, empty answers, and errors as S3 writes them. */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { AppError } from '../../../platform/errors.ts';
import { S3Error, S3_ERROR_STATUS, type S3ErrorCode } from './errors.ts';
import type { S3Target } from './request.ts';
import { errorXml } from './xml.ts';

export function sendXml(res: ServerResponse, body: string, status = 200, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }).end(body);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string | number> = {}): void {
  res.writeHead(status, { ...headers, 'content-length': 0 }).end();
}

/**
 * Streams the bytes as the answer's body, settling once the answer is closed. A read that breaks
 * cuts the connection (the status is sent); a client that goes away ends the read: nothing to report.
 * pipe rather than pipeline, which makes an abort signal and an AbortError for every answer.
 */
export function sendStream(stream: Readable, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    stream.once('error', () => res.destroy());
    res.once('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}

const isS3Code = (code: unknown): code is S3ErrorCode => typeof code === 'string' && code in S3_ERROR_STATUS;

/** Our services' errors as S3 names them: `details.s3Code` when the service chose one, else by kind and context. */
export function fromAppError(error: AppError, target: S3Target | undefined): S3Error {
  const { s3Code, limit } = error.details ?? {};
  if (isS3Code(s3Code)) return new S3Error(s3Code, error.message);
  const quota = limit === 'quotaBytes' || limit === 'quotaObjects';
  switch (error.code) {
    case 'NOT_FOUND':
      return new S3Error(target?.key !== undefined ? 'NoSuchKey' : 'NoSuchBucket');
    case 'PAYLOAD_TOO_LARGE':
      return new S3Error(quota ? 'QuotaExceeded' : 'EntityTooLarge', error.message);
    case 'CONFLICT':
      return new S3Error(quota ? 'QuotaExceeded' : 'OperationAborted', error.message);
    case 'FORBIDDEN':
      return new S3Error('AccessDenied');
    case 'RANGE_NOT_SATISFIABLE':
      return new S3Error('InvalidRange', undefined, error.headers);
    default:
      return error.statusCode < 500 ? new S3Error('InvalidArgument', error.message) : new S3Error('InternalError');
  }
}

export interface ErrorContext {
  res: ServerResponse;
  method: string;
  requestId: string;
  /** The path asked for, S3's Resource element. */
  resource: string;
  target?: S3Target;
  /** Where an unexpected failure is reported (a 500 never shows its cause). */
  logUnexpected(error: unknown): void;
}

/**
 * Answers a failure as S3 does: its code, status and message in an Error document (none for HEAD or
 * a 304). A failure once the answer has started (a read breaking mid-object) can only cut the connection.
 */
export function sendError(error: unknown, context: ErrorContext): void {
  const { res } = context;
  let s3: S3Error;
  if (error instanceof S3Error) s3 = error;
  else if (error instanceof AppError) s3 = fromAppError(error, context.target);
  else {
    context.logUnexpected(error);
    s3 = new S3Error('InternalError', 'We encountered an internal error. Please try again.');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers = { 'x-amz-request-id': context.requestId, ...s3.headers };
  if (context.method === 'HEAD' || s3.status === 304) {
    sendEmpty(res, s3.status, headers);
    return;
  }
  const { status, body } = errorXml({
    code: s3.code,
    message: s3.message,
    resource: context.resource,
    requestId: context.requestId,
    ...(s3.extra ? { extra: s3.extra } : {}),
  });
  // The request's body may still be arriving: close the connection after the answer rather than read it.
  if (!context.res.req.complete) res.setHeader('connection', 'close');
  sendXml(res, body, status, headers);
}
