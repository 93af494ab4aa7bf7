import { EggIcon } from '../../../components/ui/icons';

/** The signed-in user's eggs as a pill: an egg icon and '500' (read as '500 eggs'). */
export function EggBalance({ balance }: { balance: number }) {
  return (
    <span className="egg-balance">
      <EggIcon /> {balance.toLocaleString('en-US')}
      <span className="visually-hidden"> eggs</span>
    </span>
  );
}
