import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, RuntimeConfigError } from '../../src/config/runtime-config';

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('/config.json check', () => {
  it('accepts the local stack config', () => {
    // Prepare
    const body = { apiBaseUrl: '/api', auth: null, donation: null };

    // Act
    const config = parseRuntimeConfig(body);

    // Assess
    expect(config).toEqual(body);
  });

  it('lists every problem of an invalid config', () => {
    // Prepare
    const body = { apiBaseUrl: '', auth: null, donation: { scriptUrl: 'not a url', account: '' } };

    // Act
    const error = captureError(() => parseRuntimeConfig(body));

    // Assess
    expect(error).toBeInstanceOf(RuntimeConfigError);
    const problems = (error as RuntimeConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems).toEqual(
      expect.arrayContaining(['apiBaseUrl', 'donation.scriptUrl', 'donation.account']),
    );
  });
});
