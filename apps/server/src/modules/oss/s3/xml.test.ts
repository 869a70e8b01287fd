import { describe, expect, it } from 'vitest';
import { parseXml } from './xml-parse.ts';
import { deleteResultXml, errorXml, listObjectVersionsXml, listObjectsV2Xml, locationConstraintXml } from './xml.ts';
import { escapeXml } from './xml-writer.ts';

const entry = (key: string) => ({ key, lastModified: new Date('2026-01-02T03:04:05Z'), etag: '"abc"', size: 3 });

describe('S3 XML responses', () => {
  it('escapes markup, quotes and characters XML cannot carry', () => {
    expect(escapeXml(`a&b<c>d"e'f\r\u0001`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f&#13;&#1;');
  });

  it('writes ListObjectsV2 with its counts, tokens and prefixes, and a key that reads back intact', () => {
    const xml = listObjectsV2Xml({
      bucket: 'b',
      prefix: 'p/',
      delimiter: '/',
      maxKeys: 2,
      isTruncated: true,
      continuationToken: 'tok',
      nextContinuationToken: 'next',
      startAfter: 'p/a',
      contents: [entry('p/<&>"x')],
      commonPrefixes: ['p/sub/'],
    });
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<ListBucketResult xmlns="http:\/\/s3.amazonaws.com\/doc\/2006-03-01\/">/,
    );
    expect(xml).toContain('<KeyCount>2</KeyCount><IsTruncated>true</IsTruncated><ContinuationToken>tok</ContinuationToken>');
    expect(xml).toContain('<NextContinuationToken>next</NextContinuationToken><StartAfter>p/a</StartAfter>');
    expect(xml).toContain('<ETag>&quot;abc&quot;</ETag><Size>3</Size><StorageClass>STANDARD</StorageClass>');
    expect(xml).toContain('<LastModified>2026-01-02T03:04:05.000Z</LastModified>');
    expect(xml).toContain('<CommonPrefixes><Prefix>p/sub/</Prefix></CommonPrefixes>');
    expect(xml).not.toContain('EncodingType');
    const contents = parseXml(xml).children.find((c) => c.name === 'Contents')!;
    expect(contents.children.find((c) => c.name === 'Key')!.text).toBe('p/<&>"x');
  });

  it('percent-encodes keys, prefixes and markers with EncodingType=url', () => {
    const xml = listObjectsV2Xml({
      bucket: 'b',
      prefix: 'a b/',
      delimiter: '/',
      maxKeys: 1000,
      isTruncated: false,
      startAfter: 'a b/+',
      contents: [entry('a b/x+y\u0001ü')],
      commonPrefixes: ['a b/c d/'],
      encodingType: 'url',
    });
    expect(xml).toContain('<Prefix>a%20b/</Prefix><Delimiter>%2F</Delimiter>');
    expect(xml).toContain('<Key>a%20b/x%2By%01%C3%BC</Key>');
    expect(xml).toContain('<StartAfter>a%20b/%2B</StartAfter>');
    expect(xml).toContain('<CommonPrefixes><Prefix>a%20b/c%20d/</Prefix></CommonPrefixes><EncodingType>url</EncodingType>');
  });

  it('lists an unversioned object once with VersionId null, latest', () => {
    const xml = listObjectVersionsXml({ bucket: 'b', maxKeys: 1000, isTruncated: false, versions: [entry('k')], commonPrefixes: [] });
    expect(xml).toContain('<Version><Key>k</Key><VersionId>null</VersionId><IsLatest>true</IsLatest><LastModified>');
    expect(xml).toContain('<KeyMarker></KeyMarker><VersionIdMarker></VersionIdMarker>');
  });

  it('writes DeleteResult listing only errors when quiet', () => {
    const outcome = { deleted: [{ key: 'gone' }], errors: [{ key: 'kept', code: 'AccessDenied' as const, message: 'Access Denied' }] };
    expect(deleteResultXml(outcome, false)).toContain('<Deleted><Key>gone</Key></Deleted><Error><Key>kept</Key><Code>AccessDenied</Code>');
    expect(deleteResultXml(outcome, true)).not.toContain('Deleted');
  });

  it('writes the Error document without namespace, with its status', () => {
    const { status, body } = errorXml({ code: 'NoSuchKey', message: 'gone', resource: '/b/k', requestId: 'r1', extra: { Key: 'k' } });
    expect(status).toBe(404);
    expect(body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>gone</Message><Key>k</Key><Resource>/b/k</Resource><RequestId>r1</RequestId></Error>',
    );
  });

  it('answers an empty LocationConstraint for us-east-1', () => {
    expect(locationConstraintXml('us-east-1')).toContain(
      '<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></LocationConstraint>',
    );
    expect(locationConstraintXml('eu-west-1')).toContain('>eu-west-1</LocationConstraint>');
  });
});
