import './spinner.css';

/** A decorative busy indicator; the text beside it is what assistive tech announces. */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}

/** Spinner plus a live status text, e.g. 'Loading Hatchworks projects...'. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="loading-state" role="status">
      <Spinner />
      <p>{label}</p>
    </div>
  );
}
