import { STATUS_MESSAGES, type ApiErrorBody } from '@portal/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** `body.username` from a validation issue: the field the caller got wrong. */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // A missing field, or one the schema does not have, is named by its parameters, not its path.
  const params = issue.params as { missingProperty?: string; additionalProperty?: string } | undefined;
  const field = [path, params?.missingProperty ?? params?.additionalProperty].filter(Boolean).join('.');
  return [context, field].filter(Boolean).join('.');
}

/** Names a 4xx code for Fastify's own client errors (bad JSON, wrong content type, too large). */
function codeForStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'BAD_REQUEST',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    406: 'NOT_ACCEPTABLE',
    408: 'REQUEST_TIMEOUT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'TOO_MANY_REQUESTS',
  };
  return codes[status] ?? 'BAD_REQUEST';
}

/** One error shape for every failure; a 5xx never shows internals and is logged with its request id. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.details) body.details = error.details;
      return reply
        .code(error.statusCode)
        .headers(error.headers ?? {})
        .send(body);
    }
    if (error.validation) {
      const issue = error.validation[0];
      const field = issue ? fieldOf(issue, error.validationContext) : error.validationContext;
      const body: ApiErrorBody = {
        code: 'VALIDATION_FAILED',
        message: issue ? `${field} ${issue.message ?? 'is not valid'}` : error.message,
        details: { field },
      };
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: codeForStatus(status), message: error.message });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.code(500).send({
      code: 'INTERNAL',
      message: STATUS_MESSAGES[500] ?? 'Server error',
      details: { requestId: request.id },
    });
  });
}
