/** The signed-in user's eggs as a pill: '🥚 500'. */
export function EggBalance({ balance }: { balance: number }) {
  return (
    <span className="egg-balance">
      <span aria-hidden="true">🥚</span> {balance.toLocaleString('en-US')}
      <span className="visually-hidden"> eggs</span>
    </span>
  );
}
