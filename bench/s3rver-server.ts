import { createRequire } from 'node:module';

/** The npm package s3rver (a Koa-based S3 emulator) on PORT, its files under DIRECTORY: the other yardstick. */
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<unknown> };
await new S3rver({ port: Number(process.env.PORT), address: '127.0.0.1', silent: true, directory: process.env.DIRECTORY }).run();
