import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ERROR_MESSAGES } from '@hatchworks/shared/errors';
import type { ErrorEnvelope } from '@hatchworks/shared/schemas/envelope';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { jsonResponse } from './response';

/** Turns anything thrown into an AppError; the unexpected become a bare 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(500, 'SERVER_ERROR', ERROR_MESSAGES.SERVER_ERROR, { cause: error });
}

/**
 * The one place errors become responses: the `{success: false, error, code}` envelope, with field
 * details for validation errors. A 500 never carries a stack or internals; it is logged instead.
 */
export const errorHandler = (): MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2
> => ({
  onError: async (request) => {
    const appError = toAppError(request.error);
    if (appError.status >= 500) {
      logger.error('request failed', { error: request.error ?? appError });
    } else {
      logger.info('request rejected', { status: appError.status, code: appError.code });
    }
    const body: ErrorEnvelope = {
      success: false,
      error: appError.message,
      code: appError.code,
      ...(appError.details ? { details: appError.details } : {}),
    };
    request.response = jsonResponse(appError.status, body, appError.headers);
  },
});
