import { useId, useState, type FormEvent } from 'react';
import type { User } from '@hatchworks/shared/schemas/users';
import { FormError } from '../../../components/ui/form-error';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { UPDATE_PROFILE_FAILED, useUpdateProfile } from '../api/update-profile';

interface ProfileEditFormProps {
  user: User;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

/** Display name and username (no client rules; the server's answer is shown). */
export function ProfileEditForm({ user, onSaved, onCancel }: ProfileEditFormProps) {
  const [displayName, setDisplayName] = useState(user.display_name);
  const [username, setUsername] = useState(user.username);
  const update = useUpdateProfile({ onSuccess: onSaved });
  const id = useId();
  const error = update.error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ display_name: displayName, username });
  };

  return (
    <form className="profile-form" onSubmit={onSubmit} aria-label="Edit profile" noValidate>
      <FormError
        message={error ? formErrorMessage(error, UPDATE_PROFILE_FAILED) : null}
        details={error instanceof ApiError ? error.details : []}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-display-name`}>
          Display Name
        </label>
        <input
          id={`${id}-display-name`}
          className="input"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          autoComplete="name"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-username`}>
          Username
        </label>
        <input
          id={`${id}-username`}
          className="input"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          id={`${id}-email`}
          className="input"
          value={user.email}
          readOnly
          aria-describedby={`${id}-email-hint`}
        />
        <span id={`${id}-email-hint`} className="field__hint">
          Email cannot be changed
        </span>
      </div>
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
