/**
 * S3's error codes with the HTTP status S3 answers them with. A failure anywhere in the S3 protocol
 * code is an S3Error carrying one of these codes, so the listener can answer it as S3 would.
 */
export const S3_ERROR_STATUS = {
  AccessDenied: 403,
  AuthorizationHeaderMalformed: 400,
  AuthorizationQueryParametersError: 400,
  BadDigest: 400,
  BucketAlreadyExists: 409,
  BucketAlreadyOwnedByYou: 409,
  BucketNotEmpty: 409,
  EntityTooLarge: 400,
  EntityTooSmall: 400,
  IncompleteBody: 400,
  InternalError: 500,
  InvalidAccessKeyId: 403,
  InvalidArgument: 400,
  InvalidBucketName: 400,
  InvalidDigest: 400,
  InvalidPart: 400,
  InvalidPartOrder: 400,
  InvalidRange: 416,
  InvalidRequest: 400,
  InvalidURI: 400,
  KeyTooLongError: 400,
  MalformedXML: 400,
  MetadataTooLarge: 400,
  MethodNotAllowed: 405,
  MissingContentLength: 411,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NoSuchUpload: 404,
  NoSuchVersion: 404,
  NotImplemented: 501,
  NotModified: 304,
  OperationAborted: 409,
  PreconditionFailed: 412,
  /** Not AWS's (it has no quotas): Ceph RGW's answer to a write over a bucket's quota. */
  QuotaExceeded: 403,
  RequestTimeTooSkewed: 403,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
} as const;

export type S3ErrorCode = keyof typeof S3_ERROR_STATUS;

const DEFAULT_MESSAGES: Partial<Record<S3ErrorCode, string>> = {
  AccessDenied: 'Access Denied',
  BucketNotEmpty: 'The bucket you tried to delete is not empty',
  InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  InvalidRange: 'The requested range is not satisfiable',
  MalformedXML: 'The XML you provided was not well-formed or did not validate against our published schema',
  NoSuchBucket: 'The specified bucket does not exist',
  NoSuchKey: 'The specified key does not exist.',
  NoSuchUpload: 'The specified upload does not exist.',
  NotImplemented: 'A header or query you provided implies functionality that is not implemented',
  PreconditionFailed: 'At least one of the pre-conditions you specified did not hold',
  SignatureDoesNotMatch: 'The request signature we calculated does not match the signature you provided.',
};

export class S3Error extends Error {
  readonly status: number;
  constructor(
    readonly code: S3ErrorCode,
    message?: string,
    /** Headers the answer carries, e.g. Content-Range of an InvalidRange. */
    readonly headers?: Readonly<Record<string, string>>,
    /** Elements the Error document carries after the message, e.g. the Region a wrong scope should have named. */
    readonly extra?: Readonly<Record<string, string>>,
  ) {
    super(message ?? DEFAULT_MESSAGES[code] ?? code);
    this.name = 'S3Error';
    this.status = S3_ERROR_STATUS[code];
  }
}

/** The error S3 answers with for `code`, with its status and (unless given) S3's usual message. */
export function s3Error(code: S3ErrorCode, message?: string): S3Error {
  return new S3Error(code, message);
}
