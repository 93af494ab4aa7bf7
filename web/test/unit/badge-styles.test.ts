import { describe, expect, it } from 'vitest';
import { stageBadge, statusBadge } from '../../src/features/portfolio/utils/badge-styles';

describe('Project badge styles', () => {
  it('gives each project status its fixed style and label', () => {
    // Prepare
    const statuses = ['non-working', 'MVP', 'fully-working'];

    // Act
    const badges = statuses.map(statusBadge);

    // Assess
    expect(badges).toEqual([
      { tone: 'danger', label: 'Non-Working' },
      { tone: 'warning', label: 'MVP' },
      { tone: 'success', label: 'Fully Working' },
    ]);
  });

  it('gives each stage its fixed style', () => {
    // Prepare
    const stages = ['Static', 'React', 'Backend', 'Auth'];

    // Act
    const tones = stages.map((stage) => stageBadge(stage).tone);

    // Assess
    expect(tones).toEqual(['static', 'react', 'backend', 'auth']);
  });

  it("shows unknown statuses and stages as written in the 'other' style", () => {
    // Prepare / Act
    const status = statusBadge('beta');
    const stage = stageBadge('Experimental');

    // Assess
    expect(status).toEqual({ tone: 'other', label: 'beta' });
    expect(stage).toEqual({ tone: 'other', label: 'Experimental' });
  });
});
