import { describe, expect, it } from 'vitest';
import { ApiError, isClientError, mapHttpError } from '../../src/lib/api-error';

describe('Project/tracker client error mapping', () => {
  it('maps 401 to "Authentication required. Please log in again." with code AUTH_ERROR', () => {
    // Prepare
    const failure = {
      status: 401,
      statusText: 'Unauthorized',
      body: { success: false, error: 'Token expired', code: 'AUTH_ERROR' },
    };

    // Act
    const error = mapHttpError(failure);

    // Assess
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Authentication required. Please log in again.');
    expect(error.code).toBe('AUTH_ERROR');
    expect(error.status).toBe(401);
  });

  it('maps 500 to "Server error occurred. Please try again later." whatever the body says', () => {
    // Prepare
    const failure = { status: 500, statusText: 'Internal Server Error', body: { error: 'stack' } };

    // Act
    const error = mapHttpError(failure);

    // Assess
    expect(error.message).toBe('Server error occurred. Please try again later.');
    expect(error.code).toBe('SERVER_ERROR');
  });

  it('maps other 5xx to "Server error (status): statusText"', () => {
    // Prepare
    const failure = { status: 503, statusText: 'Service Unavailable', body: undefined };

    // Act
    const error = mapHttpError(failure);

    // Assess
    expect(error.message).toBe('Server error (503): Service Unavailable');
    expect(error.status).toBe(503);
  });

  it("uses the server's error text and code for other failures", () => {
    // Prepare
    const failure = {
      status: 400,
      statusText: 'Bad Request',
      body: { success: false, error: 'Invalid input data.', code: 'VALIDATION_ERROR' },
    };

    // Act
    const error = mapHttpError(failure);

    // Assess
    expect(error.message).toBe('Invalid input data.');
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it("falls back to the server's message field when there is no error field", () => {
    // Prepare
    const failure = { status: 404, statusText: 'Not Found', body: { message: 'No such project' } };

    // Act
    const error = mapHttpError(failure);

    // Assess
    expect(error.message).toBe('No such project');
    expect(error.code).toBe('NOT_FOUND');
  });

  it('falls back to "HTTP status: statusText" when the body has no text', () => {
    // Prepare
    const failure = { status: 418, statusText: "I'm a teapot", body: 'not an object' };

    // Act
    const error = mapHttpError(failure);

    // Assess
    expect(error.message).toBe("HTTP 418: I'm a teapot");
    expect(error.code).toBe('UNKNOWN_ERROR');
  });

  it('treats only 4xx ApiErrors as client errors', () => {
    // Prepare
    const notFound = mapHttpError({ status: 404, statusText: 'Not Found', body: undefined });
    const serverError = mapHttpError({ status: 502, statusText: 'Bad Gateway', body: undefined });

    // Act
    const verdicts = [notFound, serverError, new Error('4xx in text only')].map(isClientError);

    // Assess
    expect(verdicts).toEqual([true, false, false]);
  });
});
