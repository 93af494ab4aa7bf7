import { useEffect, useState } from 'react';
import { clearSignOutNotice, pendingSignOutNotice } from '../../../lib/signed-out-notice';
import './signed-out-notice.css';

/** One sentence on the page a logout or an account deletion ends on. */
export function SignedOutNotice() {
  const [message] = useState(pendingSignOutNotice);
  useEffect(() => {
    if (message) clearSignOutNotice();
  }, [message]);
  if (!message) return null;
  return (
    <div className="signed-out-notice">
      <p className="container signed-out-notice__text" role="status">
        {message}
      </p>
    </div>
  );
}
