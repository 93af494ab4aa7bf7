import { useRef, useState, type KeyboardEvent } from 'react';
import { FEATURE_LIMITS } from '@hatchworks/shared/schemas/features';
import { addTags, removeTag } from '../utils/tags';
import './tags-input.css';

interface TagsInputProps {
  /** Id of the text input, for the field's label. */
  id: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
}

/**
 * A tag is added on Enter or comma (and when the field loses focus, so nothing typed is
 * lost), and each tag's x button removes it. Duplicates and empty tags are ignored.
 */
export function TagsInput({ id, tags, onChange, disabled = false }: TagsInputProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const commit = (value: string) => {
    const update = addTags(tags, value);
    setProblem(update.problem);
    setText('');
    if (update.tags.length !== tags.length) onChange(update.tags);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter would submit the form; the comma is a separator, not part of a tag.
      event.preventDefault();
      commit(text);
    }
  };

  const onRemove = (tag: string) => {
    onChange(removeTag(tags, tag));
    setProblem(null);
    inputRef.current?.focus();
  };

  return (
    <div className="tags-input">
      {tags.length > 0 ? (
        <ul className="tags-input__list">
          {tags.map((tag) => (
            <li key={tag} className="tags-input__tag">
              <span>{tag}</span>
              <button
                type="button"
                className="tags-input__remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onRemove(tag)}
                disabled={disabled}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        className="input"
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          // A pasted 'a, b, c' becomes tags at once; the text after the last comma stays typed.
          if (value.includes(',')) {
            const cut = value.lastIndexOf(',');
            commit(value.slice(0, cut));
            setText(value.slice(cut + 1));
          } else {
            setText(value);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim() !== '') commit(text);
        }}
        placeholder="ui, performance, mobile"
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        autoComplete="off"
        disabled={disabled}
      />
      <span id={`${id}-hint`} className="field__hint">
        Press Enter or comma to add a tag (up to {FEATURE_LIMITS.tagsMax}).
      </span>
      <span id={`${id}-problem`} className="tags-input__problem" aria-live="polite">
        {problem}
      </span>
    </div>
  );
}
