/**
 * The error catalogue: the codes and messages the API answers with and the web
 * client shows. The server and the client both read from here so the texts cannot drift.
 */
export const ERROR_CODES = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  AUTH_ERROR: 'AUTH_ERROR',
  FORBIDDEN: 'FORBIDDEN',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  SERVER_ERROR: 'SERVER_ERROR',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVER_BUSY: 'SERVER_BUSY',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  NETWORK_ERROR: 'Network connection failed. Please check your internet connection.',
  AUTH_ERROR: 'Authentication failed. Please log in again.',
  FORBIDDEN: 'You do not have permission to do this.',
  VALIDATION_ERROR: 'Invalid input data.',
  SERVER_ERROR: 'Server error occurred. Please try again later.',
  NOT_FOUND: 'Resource not found.',
  CONFLICT: 'The resource was changed by someone else. Please try again.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  SERVER_BUSY: 'The server is busy. Try again in a moment.',
  UNKNOWN_ERROR: 'An unexpected error occurred.',
};

/** Client-side texts of the project/tracker client. */
export const CLIENT_MESSAGES = {
  authRequired: 'Authentication required. Please log in again.',
  serverError: 'Server error occurred. Please try again later.',
  timeout: 'Request timed out',
  networkError: 'Network error occurred',
  requestFailed: 'Request failed',
} as const;

/** Fallback messages used when the server gives none. */
export const FALLBACK_MESSAGES = {
  fetchProjects: 'Failed to fetch projects',
  fetchHomepageProjects: 'Failed to fetch homepage projects',
  createProject: 'Failed to create project',
  updateProject: 'Failed to update project',
  fetchTrackerStats: 'Failed to fetch tracker stats',
  fetchFeatureRequests: 'Failed to fetch feature requests',
  createFeatureRequest: 'Failed to create feature request',
  fetchProjectSuggestions: 'Failed to fetch project suggestions',
  createProjectSuggestion: 'Failed to create project suggestion',
  fetchActivity: 'Failed to fetch activity feed',
  recordVote: 'Failed to record vote',
} as const;
