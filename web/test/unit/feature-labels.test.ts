import { describe, expect, it } from 'vitest';
import { moderationFailureMessage } from '../../src/features/feature-requests/api/moderate-feature';
import { ApiError } from '../../src/lib/api-error';
import { authorName } from '../../src/features/feature-requests/utils/feature-labels';
import { countOf } from '../../src/lib/format';

describe('Feature card texts', () => {
  it('names the author by display name, else by username', () => {
    // Prepare
    const named = { display_name: 'Nova Hatch', username: 'nova' };
    const unnamed = { display_name: '  ', username: 'nova' };

    // Act / Assess
    expect(authorName(named)).toBe('Nova Hatch');
    expect(authorName(unnamed)).toBe('nova');
  });

  it('counts eggs and votes with the noun in the right number', () => {
    // Prepare / Act
    const texts = [countOf(0, 'vote'), countOf(1, 'vote'), countOf(1250, 'egg')];

    // Assess
    expect(texts).toEqual(['0 votes', '1 vote', '1,250 eggs']);
  });
});

describe('Moderation failure alerts', () => {
  it("reads 'Failed to approve feature: <message>' and 'Failed to reject feature: <message>'", () => {
    // Prepare
    const error = new ApiError('Only a pending feature can be approved', {
      status: 400,
      code: 'VALIDATION_ERROR',
    });

    // Act
    const approve = moderationFailureMessage('approve', error);
    const reject = moderationFailureMessage('reject', error);

    // Assess
    expect(approve).toBe('Failed to approve feature: Only a pending feature can be approved');
    expect(reject).toBe('Failed to reject feature: Only a pending feature can be approved');
  });

  it("falls back to 'Unknown error' when the failure has no message", () => {
    // Prepare / Act
    const messages = [
      moderationFailureMessage('approve', new Error('')),
      moderationFailureMessage('reject', 'not an error'),
    ];

    // Assess
    expect(messages).toEqual([
      'Failed to approve feature: Unknown error',
      'Failed to reject feature: Unknown error',
    ]);
  });
});
