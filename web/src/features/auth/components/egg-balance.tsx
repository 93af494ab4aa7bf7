import { EggIcon } from '../../../components/ui/icons';
import { formatCount } from '../../../lib/format';

/** The signed-in user's eggs as a pill: an egg icon and '500' (read as '500 eggs'). */
export function EggBalance({ balance }: { balance: number }) {
  return (
    <span className="egg-balance">
      <EggIcon /> {formatCount(balance)}
      <span className="visually-hidden"> eggs</span>
    </span>
  );
}
