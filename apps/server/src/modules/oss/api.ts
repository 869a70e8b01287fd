/** What oss offers the other modules and the server's start-up. (The S3 API lives inside this module and uses its services directly.) */
export interface OssApi {
  /** The port the S3 API listens on (the one chosen when S3_PORT is 0), once the server is ready. */
  s3Port(): number | undefined;
}
