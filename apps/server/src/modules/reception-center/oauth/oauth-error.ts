/** An OAuth 2 error (RFC 6749 §5.2), answered as {error, error_description} plus our {code, message}. */
export class OAuthError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unauthorized_client'
      | 'unsupported_grant_type'
      | 'invalid_scope'
      | 'unsupported_response_type'
      | 'access_denied',
    readonly description: string,
    readonly statusCode = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }

  toBody() {
    return { error: this.error, error_description: this.description, code: this.error, message: this.description };
  }
}
