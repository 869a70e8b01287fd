/**
 * The canonical request of AWS Signature Version 4 as S3 builds it: the path is encoded once (S3 does
 * not double-encode), every byte outside RFC 3986's unreserved set is %XX in upper case.
 */
import { createHash, createHmac } from 'node:crypto';

export type HeaderValue = string | string[] | undefined;
export type Headers = Readonly<Record<string, HeaderValue>>;

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Encodes bytes (or the UTF-8 of a string) per RFC 3986, leaving only the unreserved set as is. */
export function uriEncode(input: string | Uint8Array, keepSlash = false): string {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    if (byte < 0x80 && (UNRESERVED.test(char) || (keepSlash && char === '/'))) out += char;
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/**
 * Percent-decodes to bytes. `+` stays a plus (RFC 3986, as S3 reads paths); a `%` not followed by
 * two hex digits stays literal, so a malformed escape never throws.
 */
export function percentDecode(input: string): Buffer {
  const raw = Buffer.from(input, 'utf8');
  const out = Buffer.alloc(raw.length);
  let length = 0;
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === 0x25 && i + 2 < raw.length ? raw.toString('latin1', i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out[length++] = parseInt(hex, 16);
      i += 2;
    } else out[length++] = raw[i]!;
  }
  return out.subarray(0, length);
}

/** The canonical URI of a raw (as received) path: each segment decoded, then encoded once. */
export function canonicalUri(rawPath: string): string {
  const path = rawPath === '' ? '/' : rawPath;
  return path
    .split('/')
    .map((segment) => uriEncode(percentDecode(segment)))
    .join('/');
}

/** The canonical query string of decoded pairs: encoded, sorted by name then value. */
export function canonicalQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** A header's value as it is signed: values joined by commas, trimmed, inner runs of spaces collapsed. */
export function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => v.trim().replace(/\s+/g, ' ')).join(',');
}

/** Headers with lower-case names, whatever case they arrived in. */
export function lowerCaseHeaders(headers: Headers): Record<string, HeaderValue> {
  const out: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

export interface CanonicalRequestInput {
  method: string;
  rawPath: string;
  query: ReadonlyArray<readonly [string, string]>;
  headers: Headers;
  signedHeaders: readonly string[];
  payloadHash: string;
}

export function canonicalRequest(input: CanonicalRequestInput): string {
  const headerLines = input.signedHeaders.map((name) => `${name}:${headerValue(input.headers, name) ?? ''}\n`).join('');
  return [
    input.method.toUpperCase(),
    canonicalUri(input.rawPath),
    canonicalQuery(input.query),
    headerLines,
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
}

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
export const hmac = (key: Uint8Array | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

export interface Scope {
  date: string;
  region: string;
  service: string;
}

export const scopeString = (scope: Scope): string => `${scope.date}/${scope.region}/${scope.service}/aws4_request`;

function deriveSigningKey(secret: string, scope: Scope): Buffer {
  const dateKey = hmac(`AWS4${secret}`, scope.date);
  return hmac(hmac(hmac(dateKey, scope.region), scope.service), 'aws4_request');
}

/** Signing keys derived lately: one a day per secret and region (four HMACs each) rather than one a request. */
const signingKeys = new Map<string, Buffer>();
const MAX_SIGNING_KEYS = 1_000;

/** The day's signing key of `secret` for the scope (derived once, then remembered; keyed by the secret itself, so a new secret derives anew). */
export function signingKey(secret: string, scope: Scope): Buffer {
  const id = `${scope.date}\n${scope.region}\n${scope.service}\n${secret}`;
  let key = signingKeys.get(id);
  if (!key) {
    if (signingKeys.size >= MAX_SIGNING_KEYS) signingKeys.clear();
    key = deriveSigningKey(secret, scope);
    signingKeys.set(id, key);
  }
  return key;
}

export function stringToSign(algorithm: string, amzDate: string, scope: Scope, hashedPart: string): string {
  return [algorithm, amzDate, scopeString(scope), hashedPart].join('\n');
}
