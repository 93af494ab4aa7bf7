import { describe, expect, it } from 'vitest';
import type { Feature, Vote } from '@hatchworks/shared/schemas/features';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { ledgerOf, profileOf, sum } from '../../../test/support/eggs';
import {
  approvedFeature,
  createFeature,
  createProject,
  featureInput,
  postFeature,
  vote,
} from '../../../test/support/features';

const USERS = 6;
const VOTES_PER_USER = 12;

describe('the egg ledger under a storm of simultaneous requests', () => {
  it('never creates or destroys an egg', { timeout: 120_000 }, async () => {
    // Prepare: users, an admin, two approved features, one to be rejected mid-storm and one
    // that stays pending.
    const admin = await registerAdmin();
    const project = await createProject(admin.token);
    const users = await Promise.all(Array.from({ length: USERS }, () => registerUser()));
    const [first, second] = await Promise.all([
      approvedFeature((await registerUser()).token, admin.token, project.id),
      approvedFeature((await registerUser()).token, admin.token, project.id),
    ]);
    const rejected = await createFeature((await registerUser()).token, project.id);
    const pending = await createFeature((await registerUser()).token, project.id);
    const targets = [first, second, rejected, pending].flatMap((feature) =>
      feature ? [feature] : [],
    );

    // Act: every user claims three times, creates two requests and votes many times, all at once,
    // while an admin rejects one of the targets.
    const requests: Promise<{ status: number }>[] = [];
    for (const user of users) {
      for (let index = 0; index < 3; index += 1) {
        requests.push(
          api('/api/user/claim-daily-eggs', { method: 'POST', headers: bearer(user.token) }),
        );
      }
      for (let index = 0; index < 2; index += 1) {
        requests.push(postFeature(user.token, featureInput(project.id)));
      }
      for (let index = 0; index < VOTES_PER_USER; index += 1) {
        const target = targets[index % targets.length];
        requests.push(
          vote(user.token, { feature_id: target?.id ?? '', eggs_allocated: 1 + (index % 40) }),
        );
      }
    }
    requests.push(
      api(`/api/admin/features/${rejected?.id ?? ''}/reject`, {
        method: 'POST',
        headers: bearer(admin.token),
        json: {},
      }),
    );
    const answers = await Promise.all(requests);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);

    // Assess, per user: balance = sum of the ledger, never negative, one claim per day.
    const today = new Date().toISOString().slice(0, 10);
    const votesByFeature = new Map<string, number>();
    for (const user of users) {
      const [profile, ledger] = await Promise.all([profileOf(user.token), ledgerOf(user.token)]);
      expect(profile.egg_balance).toBeGreaterThanOrEqual(0);
      expect(sum(ledger)).toBe(profile.egg_balance);
      expect(ledger.every((entry) => entry.balance_after >= 0)).toBe(true);
      const claims = ledger.filter(
        (entry) => entry.kind === 'daily_claim' && entry.reference === today,
      );
      expect(claims).toHaveLength(1);
      const votes = await api<{ data: { votes: Vote[] } }>(`/api/users/${user.user.id}/votes`, {
        headers: bearer(user.token),
      });
      for (const each of votes.body.data.votes) {
        votesByFeature.set(
          each.feature_id,
          (votesByFeature.get(each.feature_id) ?? 0) + each.eggs_allocated,
        );
      }
      // Every vote entry of the ledger matches the vote items.
      const spentOnVotes = -sum(ledger.filter((entry) => entry.kind === 'vote'));
      expect(spentOnVotes).toBe(
        sum(votes.body.data.votes.map((each) => ({ amount: each.eggs_allocated }))),
      );
    }

    // Per feature: total_eggs = sum of its votes; nothing landed on non-approved features.
    for (const target of targets) {
      const feature = await api<{ data: Feature }>(`/api/features/${target.id}`, {
        headers: bearer(admin.token),
      });
      expect(feature.body.data.total_eggs).toBe(votesByFeature.get(target.id) ?? 0);
    }
    expect(votesByFeature.get(pending?.id ?? '') ?? 0).toBe(0);
    expect(votesByFeature.get(rejected?.id ?? '') ?? 0).toBe(0);
    expect(votesByFeature.get(first?.id ?? '') ?? 0).toBeGreaterThan(0);
  });
});
