import {
  TRACKER_CATEGORIES,
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  TRACKER_PRIORITIES,
  type TrackerCategory,
  type TrackerPriority,
} from '@hatchworks/shared/schemas/tracker';
import { FormField, FormSelect } from '../../../components/votable/form-fields';

/** The tags field's placeholder. */
export const TAGS_PLACEHOLDER = 'ui, performance, mobile';

interface CategoryPriorityFieldsProps {
  /** The form's id prefix. */
  readonly id: string;
  /** The row's class, so each form lays the two out its own way. */
  readonly className: string;
  readonly category: TrackerCategory;
  readonly priority: TrackerPriority;
  readonly onCategory: (category: TrackerCategory) => void;
  readonly onPriority: (priority: TrackerPriority) => void;
}

/** A tracker request's category ('Bug Fix' by default) and priority ('Low'), side by side. */
export function CategoryPriorityFields({
  id,
  className,
  category,
  priority,
  onCategory,
  onPriority,
}: CategoryPriorityFieldsProps) {
  return (
    <div className={className}>
      <FormSelect
        id={`${id}-category`}
        label="Category"
        options={TRACKER_CATEGORIES}
        value={category}
        onChange={(value) => onCategory(value ?? TRACKER_DEFAULTS.category)}
      />
      <FormSelect
        id={`${id}-priority`}
        label="Priority"
        options={TRACKER_PRIORITIES}
        value={priority}
        onChange={(value) => onPriority(value ?? TRACKER_DEFAULTS.priority)}
      />
    </div>
  );
}

/** A tracker request's optional tags, as comma-separated text. */
export function TagsField({
  id,
  value,
  onChange,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <FormField id={`${id}-tags`} label="Tags">
      <input
        id={`${id}-tags`}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={TRACKER_LIMITS.tagsTextMax}
        autoComplete="off"
        placeholder={TAGS_PLACEHOLDER}
        aria-describedby={`${id}-tags-hint`}
      />
      <p id={`${id}-tags-hint`} className="field__hint">
        Optional. Separate tags with commas (up to {TRACKER_LIMITS.tagsMax}).
      </p>
    </FormField>
  );
}
