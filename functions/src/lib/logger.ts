import { Logger } from '@aws-lambda-powertools/logger';

/** The structured JSON logger shared by every function, created once per cold start. */
export const logger = new Logger({
  serviceName: 'hatchworks-api',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
