import { listLedger } from '../../modules/eggs/eggs-repository';
import {
  listUserFeatures,
  toApiFeature,
  withLedgerFeatures,
} from '../../modules/features/features-repository';
import { toApiUser } from '../../modules/accounts/users-repository';
import { listUserVotes } from '../../modules/features/votes-repository';
import { authHandler } from '../../http/auth-handler';
import { getDashboard as route } from '@hatchworks/shared/contracts/accounts';

/** How many of each the dashboard shows. */
const DASHBOARD_RECENT = 5;

/** The caller with their latest ledger entries (named as in the ledger), requests and votes. */
export const handler = authHandler({
  route,
  handler: async ({ user }) => {
    const caller = await user();
    const [transactions, features, votes] = await Promise.all([
      listLedger(caller.id, DASHBOARD_RECENT).then((page) =>
        withLedgerFeatures(page.items, caller),
      ),
      listUserFeatures(caller.id, DASHBOARD_RECENT),
      listUserVotes(caller.id, DASHBOARD_RECENT),
    ]);
    return {
      user: toApiUser(caller),
      recent_transactions: transactions,
      recent_features: features.items.map(toApiFeature),
      recent_votes: votes.items,
    };
  },
});
