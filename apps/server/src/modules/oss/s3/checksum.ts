import { createHash, type Hash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Crc64Nvme, crc32c } from './crc.ts';

/** The flexible checksums S3 accepts, by the suffix of their header (`x-amz-checksum-<name>`). */
export const CHECKSUM_ALGORITHMS = ['crc32', 'crc32c', 'crc64nvme', 'sha1', 'sha256'] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

export interface RunningChecksum {
  update(data: Uint8Array): void;
  /** The value as S3 writes it in headers and trailers: base64 of the big-endian bytes. */
  digestBase64(): string;
}

function crc32Style(step: (data: Uint8Array, previous: number) => number): RunningChecksum {
  let value = 0;
  return {
    update: (data) => void (value = step(data, value)),
    digestBase64: () => {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(value >>> 0);
      return out.toString('base64');
    },
  };
}

function hashStyle(hash: Hash): RunningChecksum {
  return { update: (data) => void hash.update(data), digestBase64: () => hash.digest('base64') };
}

export function isChecksumAlgorithm(name: string): name is ChecksumAlgorithm {
  return (CHECKSUM_ALGORITHMS as readonly string[]).includes(name);
}

export function createChecksum(algorithm: ChecksumAlgorithm): RunningChecksum {
  switch (algorithm) {
    case 'crc32':
      return crc32Style((data, previous) => crc32(data, previous));
    case 'crc32c':
      return crc32Style(crc32c);
    case 'sha1':
      return hashStyle(createHash('sha1'));
    case 'sha256':
      return hashStyle(createHash('sha256'));
    case 'crc64nvme': {
      const crc = new Crc64Nvme();
      return { update: (data) => void crc.update(data), digestBase64: () => crc.digest().toString('base64') };
    }
  }
}
