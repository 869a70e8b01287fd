import { randomToken } from '../../src/platform/crypto.ts';

export interface UploadPart {
  /** The form field (default "file"). */
  field?: string;
  filename: string;
  /** The type the client declares (the server must not trust it). */
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body carrying the files as parts, as a browser's upload sends it. */
export function multipartFiles(parts: UploadPart[]) {
  const boundary = `----portal-test-${randomToken(8)}`;
  const chunks = parts.flatMap(({ field = 'file', filename, type = 'application/octet-stream', bytes }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
