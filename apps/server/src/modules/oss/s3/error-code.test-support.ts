/** Test support: the S3 error code `run` throws, or 'no error'. */
export function errorCodeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'no error';
}
