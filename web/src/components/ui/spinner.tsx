import './spinner.css';

/** A decorative busy indicator; the text beside it is what assistive tech announces. */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}

/** Spinner plus a live status text, e.g. 'Loading Hatchworks projects...'. */
export function LoadingState({
  label,
  fullScreen = false,
}: {
  label: string;
  fullScreen?: boolean;
}) {
  return (
    <div className={`loading-state${fullScreen ? ' loading-state--screen' : ''}`} role="status">
      <Spinner size={fullScreen ? 'lg' : 'md'} />
      <p>{label}</p>
    </div>
  );
}
