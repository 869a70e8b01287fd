import { describe, expect, it } from 'vitest';
import { CHECKSUM_ALGORITHMS, createChecksum } from './checksum.ts';

const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

function checksumOf(algorithm: (typeof CHECKSUM_ALGORITHMS)[number], data: Buffer, split = 1) {
  const running = createChecksum(algorithm);
  for (let at = 0; at < data.length; at += split) running.update(data.subarray(at, at + split));
  return running.digestBase64();
}

describe('flexible checksums', () => {
  const CHECK = Buffer.from('123456789');

  it('match the catalogued check values of each CRC and digest', () => {
    expect(hex(checksumOf('crc32', CHECK))).toBe('cbf43926');
    expect(hex(checksumOf('crc32c', CHECK))).toBe('e3069283');
    expect(hex(checksumOf('crc64nvme', CHECK))).toBe('ae8b14860a799888');
    expect(hex(checksumOf('sha1', CHECK))).toBe('f7c3bc1d808e04732adf679965ccc34ca7ae3441');
    expect(hex(checksumOf('sha256', CHECK))).toBe('15e2b0d3c33891ebb0f1ef609ec419420c20e320ce94c65fbc8c3312448eb225');
  });

  it("matches the CRC64NVME that @aws-sdk/client-s3 sends for 'hello'", () => {
    expect(checksumOf('crc64nvme', Buffer.from('hello'))).toBe('M3eFcAZSQlc=');
  });

  it.each(CHECKSUM_ALGORITHMS)('%s gives the same value however the input is split', (algorithm) => {
    const data = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256));
    expect(checksumOf(algorithm, data, 1)).toBe(checksumOf(algorithm, data, 5000));
    expect(checksumOf(algorithm, data, 7)).toBe(checksumOf(algorithm, data, 5000));
    expect(checksumOf(algorithm, Buffer.alloc(0))).toBe(createChecksum(algorithm).digestBase64());
  });
});
