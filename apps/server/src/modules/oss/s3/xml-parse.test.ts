import { describe, expect, it } from 'vitest';
import { errorCodeOf as code } from './error-code.test-support.ts';
import { normaliseEtag, parseCompleteMultipartUpload, parseCreateBucketConfiguration, parseDeleteObjects, parseXml } from './xml-parse.ts';

describe('parsing S3 request bodies', () => {
  it('reads CompleteMultipartUpload parts with their ETags and checksums', () => {
    const parts = parseCompleteMultipartUpload(
      `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Part><ETag>"a1"</ETag><PartNumber>1</PartNumber><ChecksumCRC32>AAAAAA==</ChecksumCRC32></Part><Part><PartNumber>3</PartNumber><ETag>b2</ETag></Part></CompleteMultipartUpload>`,
    );
    expect(parts).toEqual([
      { partNumber: 1, etag: '"a1"', checksums: { crc32: 'AAAAAA==' } },
      { partNumber: 3, etag: 'b2', checksums: {} },
    ]);
    expect(parts.map((p) => normaliseEtag(p.etag))).toEqual(['a1', 'b2']);
  });

  it('refuses parts out of order, out of range, without ETag, or none', () => {
    const doc = (parts: string) => `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`;
    const part = (n: string, etag = '<ETag>e</ETag>') => `<Part><PartNumber>${n}</PartNumber>${etag}</Part>`;
    expect(code(() => parseCompleteMultipartUpload(doc(part('2') + part('1'))))).toBe('InvalidPartOrder');
    expect(code(() => parseCompleteMultipartUpload(doc(part('2') + part('2'))))).toBe('InvalidPartOrder');
    expect(code(() => parseCompleteMultipartUpload(doc(part('0'))))).toBe('MalformedXML');
    expect(code(() => parseCompleteMultipartUpload(doc(part('10001'))))).toBe('MalformedXML');
    expect(code(() => parseCompleteMultipartUpload(doc(part('x'))))).toBe('MalformedXML');
    expect(code(() => parseCompleteMultipartUpload(doc(part('1', ''))))).toBe('MalformedXML');
    expect(code(() => parseCompleteMultipartUpload(doc('')))).toBe('MalformedXML');
    expect(code(() => parseCompleteMultipartUpload('<Other/>'))).toBe('MalformedXML');
  });

  it('reads Delete with Quiet, keys kept exactly (spaces, entities, character references)', () => {
    const result = parseDeleteObjects(
      `<?xml version="1.0"?><Delete><Quiet>true</Quiet><Object><Key> a&amp;b &#x1F600;</Key></Object><Object><Key>k</Key><VersionId>null</VersionId></Object></Delete>`,
    );
    expect(result).toEqual({ quiet: true, objects: [{ key: ' a&b 😀' }, { key: 'k', versionId: 'null' }] });
    expect(parseDeleteObjects('<Delete><Object><Key>x</Key></Object></Delete>').quiet).toBe(false);
  });

  it('refuses a Delete with no object, more than 1000, an empty key or a bad Quiet', () => {
    const objects = (n: number) => '<Object><Key>k</Key></Object>'.repeat(n);
    expect(parseDeleteObjects(`<Delete>${objects(1000)}</Delete>`).objects).toHaveLength(1000);
    expect(code(() => parseDeleteObjects(`<Delete>${objects(1001)}</Delete>`))).toBe('MalformedXML');
    expect(code(() => parseDeleteObjects('<Delete></Delete>'))).toBe('MalformedXML');
    expect(code(() => parseDeleteObjects('<Delete><Object><Key></Key></Object></Delete>'))).toBe('MalformedXML');
    expect(code(() => parseDeleteObjects('<Delete><Quiet>yes</Quiet><Object><Key>k</Key></Object></Delete>'))).toBe('MalformedXML');
  });

  it('reads CreateBucketConfiguration, empty or not', () => {
    expect(parseCreateBucketConfiguration('')).toEqual({});
    expect(parseCreateBucketConfiguration(Buffer.from('  \n'))).toEqual({});
    expect(
      parseCreateBucketConfiguration(
        '<CreateBucketConfiguration><LocationConstraint>eu-west-1</LocationConstraint></CreateBucketConfiguration>',
      ),
    ).toEqual({
      locationConstraint: 'eu-west-1',
    });
  });

  it('refuses DOCTYPEs, entity definitions, unknown entities, malformed and oversized documents', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><Delete><Object><Key>&b;</Key></Object></Delete>`;
    expect(code(() => parseDeleteObjects(bomb))).toBe('MalformedXML');
    expect(code(() => parseXml('<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>'))).toBe('MalformedXML');
    expect(code(() => parseXml('<x>&unknown;</x>'))).toBe('MalformedXML');
    expect(code(() => parseXml('<x><y></x>'))).toBe('MalformedXML');
    expect(code(() => parseXml('<x/><y/>'))).toBe('MalformedXML');
    expect(code(() => parseXml('not xml'))).toBe('MalformedXML');
    expect(code(() => parseXml(''))).toBe('MalformedXML');
    expect(code(() => parseXml(`<x>${'<y>'.repeat(20)}${'</y>'.repeat(20)}</x>`))).toBe('MalformedXML');
    expect(code(() => parseXml(`<x>${' '.repeat(1024 * 1024)}</x>`))).toBe('MalformedXML');
    expect(code(() => parseXml(`<x>${'<y/>'.repeat(30_001)}</x>`))).toBe('MalformedXML');
  });
});
