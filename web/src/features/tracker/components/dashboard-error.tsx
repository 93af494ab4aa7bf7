import { StatusPanel } from '../../../components/ui/status-panel';
import { AlertIcon } from '../../../components/ui/icons';

interface DashboardErrorProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/** 'Error loading tracker data', the reason, and 'Try Again' (asks again). */
export function DashboardError({ message, onRetry, retrying }: DashboardErrorProps) {
  return (
    <div role="alert">
      <StatusPanel
        eyebrow="Tracker"
        title="Error loading tracker data"
        icon={<AlertIcon />}
        tone="danger"
        headingLevel="h2"
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={onRetry}
            disabled={retrying}
          >
            {retrying ? 'Trying again...' : 'Try Again'}
          </button>
        }
      >
        <p>{message}</p>
      </StatusPanel>
    </div>
  );
}
