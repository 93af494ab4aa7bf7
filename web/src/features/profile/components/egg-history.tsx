import type { LedgerEntry } from '@hatchworks/shared/schemas/eggs';
import { LEDGER_FAILED, useLedger } from '../api/get-ledger';
import {
  adjustmentReason,
  amountDirection,
  formatDateTime,
  formatEggAmount,
  formatEggs,
  LEDGER_KIND_LABELS,
} from '../utils/ledger';
import { ActivitySection, ActivityStatus, LoadMore, useLoadMore } from './activity-section';
import { FeatureLink } from './feature-link';

export const EGG_HISTORY_EMPTY = 'No egg activity yet.';

/**
 * What an entry is about: the feature request's title (the ledger answer carries it, `null` when
 * the request is no longer shown), or the admin's reason.
 */
function EntryDetail({ entry }: { entry: LedgerEntry }) {
  const reason = adjustmentReason(entry);
  if (reason) return <span className="ledger__detail">Reason: {reason}</span>;
  if (entry.feature === undefined) return null;
  return (
    <span className="ledger__detail">
      {entry.feature ? (
        <FeatureLink feature={entry.feature} />
      ) : (
        'A feature request that is no longer shown'
      )}
    </span>
  );
}

/**
 * 'Egg History': every change of the balance, newest first, as a table of what happened, the
 * signed amount and the balance it left. It stays three columns wide so it reads on a phone.
 */
export function EggHistory() {
  const query = useLedger();
  const entries = query.data?.pages.flatMap((page) => page.data.transactions) ?? [];
  const { loadMore, itemProps } = useLoadMore(query, entries.length);

  return (
    <ActivitySection id="egg-history-title" title="Egg History">
      <ActivityStatus
        query={query}
        loadingLabel="Loading egg history..."
        failedMessage={LEDGER_FAILED}
      >
        {entries.length === 0 ? (
          <p className="activity__empty">{EGG_HISTORY_EMPTY}</p>
        ) : (
          <table className="ledger">
            <caption className="visually-hidden">Egg history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col" className="ledger__number">
                  Eggs
                </th>
                <th scope="col" className="ledger__number">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => {
                const direction = amountDirection(entry.amount);
                return (
                  <tr key={entry.id} className="ledger__row" {...itemProps(index)}>
                    <th scope="row" className="ledger__activity">
                      <span className="ledger__kind">{LEDGER_KIND_LABELS[entry.kind]}</span>
                      <EntryDetail entry={entry} />
                      <time className="ledger__time" dateTime={entry.created_at}>
                        {formatDateTime(entry.created_at)}
                      </time>
                    </th>
                    <td className={`ledger__number ledger__amount ledger__amount--${direction}`}>
                      {formatEggAmount(entry.amount)}
                    </td>
                    <td className="ledger__number ledger__balance">
                      {formatEggs(entry.balance_after)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <LoadMore
          query={query}
          onLoadMore={loadMore}
          failedMessage={LEDGER_FAILED}
          label="Load more egg history"
        />
      </ActivityStatus>
    </ActivitySection>
  );
}
