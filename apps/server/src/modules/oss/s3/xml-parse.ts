/**
 * Parsing of the XML bodies S3 clients send. saxes expands only XML's five predefined entities and
 * character references; a DOCTYPE is refused outright, and size, depth and element count are bounded,
 * so a hostile body costs little.
 */
import { SaxesParser } from 'saxes';
import { S3Error } from './errors.ts';

export interface XmlElement {
  name: string;
  text: string;
  children: XmlElement[];
}

export interface XmlLimits {
  maxBytes: number;
  maxDepth: number;
  maxElements: number;
}

const DEFAULT_LIMITS: XmlLimits = { maxBytes: 1024 * 1024, maxDepth: 8, maxElements: 30_000 };
const malformed = (message?: string) => new S3Error('MalformedXML', message);

/** The root element of `xml`, names without namespace prefixes; MalformedXML when it is not well-formed. */
export function parseXml(xml: string | Buffer, limits: XmlLimits = DEFAULT_LIMITS): XmlElement {
  const source = typeof xml === 'string' ? xml : xml.toString('utf8');
  if (Buffer.byteLength(source) > limits.maxBytes) throw malformed('The XML document is too large');
  const parser = new SaxesParser({ xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('doctype', () => {
    failure ??= new Error('DOCTYPE is not allowed');
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name.replace(/^.*:/, ''), text: '', children: [] };
    if (++count > limits.maxElements || stack.length >= limits.maxDepth) failure ??= new Error('The XML document is too complex');
    if (stack.length > 0) stack.at(-1)!.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    if (stack.length > 0) stack.at(-1)!.text += text;
  });
  parser.on('cdata', (text) => {
    if (stack.length > 0) stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  try {
    parser.write(source).close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure || !root) throw malformed();
  return root;
}

const childrenNamed = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);
const childText = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text;

function expectRoot(element: XmlElement, name: string): XmlElement {
  if (element.name !== name) throw malformed();
  return element;
}

export interface CompletedPart {
  partNumber: number;
  /** As sent, quotes and all: compare after normalising with `normaliseEtag`. */
  etag: string;
  checksums: Partial<Record<'crc32' | 'crc32c' | 'crc64nvme' | 'sha1' | 'sha256', string>>;
}

/** The ETag without its surrounding quotes (clients send parts' ETags quoted or not). */
export const normaliseEtag = (etag: string) => etag.trim().replace(/^"(.*)"$/, '$1');

const PART_CHECKSUMS = {
  ChecksumCRC32: 'crc32',
  ChecksumCRC32C: 'crc32c',
  ChecksumCRC64NVME: 'crc64nvme',
  ChecksumSHA1: 'sha1',
  ChecksumSHA256: 'sha256',
} as const;

/** CompleteMultipartUpload: parts in ascending order, each with a number (1–10000) and an ETag. */
export function parseCompleteMultipartUpload(xml: string | Buffer): CompletedPart[] {
  const root = expectRoot(parseXml(xml), 'CompleteMultipartUpload');
  const parts = childrenNamed(root, 'Part').map((part) => {
    const number = childText(part, 'PartNumber')?.trim() ?? '';
    const etag = childText(part, 'ETag');
    if (!/^\d{1,5}$/.test(number) || Number(number) < 1 || Number(number) > 10000 || !etag) throw malformed();
    const checksums: CompletedPart['checksums'] = {};
    for (const [element, algorithm] of Object.entries(PART_CHECKSUMS)) {
      const value = childText(part, element);
      if (value !== undefined) checksums[algorithm] = value.trim();
    }
    return { partNumber: Number(number), etag: etag.trim(), checksums };
  });
  if (parts.length === 0) throw malformed('You must specify at least one part');
  parts.forEach((part, i) => {
    if (i > 0 && part.partNumber <= parts[i - 1]!.partNumber) {
      throw new S3Error(
        'InvalidPartOrder',
        'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
      );
    }
  });
  return parts;
}

export interface DeleteRequest {
  quiet: boolean;
  objects: Array<{ key: string; versionId?: string }>;
}

/** Delete (DeleteObjects): 1 to 1000 objects, Quiet true or false. */
export function parseDeleteObjects(xml: string | Buffer): DeleteRequest {
  const root = expectRoot(parseXml(xml), 'Delete');
  const quiet = childText(root, 'Quiet')?.trim().toLowerCase();
  if (quiet !== undefined && quiet !== 'true' && quiet !== 'false') throw malformed();
  const objects = childrenNamed(root, 'Object').map((object) => {
    const key = childText(object, 'Key');
    if (key === undefined || key === '') throw malformed();
    const versionId = childText(object, 'VersionId');
    return versionId === undefined ? { key } : { key, versionId };
  });
  if (objects.length === 0 || objects.length > 1000) throw malformed();
  return { quiet: quiet === 'true', objects };
}

/** CreateBucketConfiguration: the location constraint, if any; an empty body is allowed. */
export function parseCreateBucketConfiguration(xml: string | Buffer): { locationConstraint?: string } {
  if (xml.length === 0 || (typeof xml === 'string' ? xml : xml.toString('utf8')).trim() === '') return {};
  const root = expectRoot(parseXml(xml), 'CreateBucketConfiguration');
  const location = childText(root, 'LocationConstraint')?.trim();
  return location ? { locationConstraint: location } : {};
}
