import { useId, useState, type ReactNode } from 'react';
import { FormTextField } from './form-fields';
import { ItemFormModal, useItemForm } from './form-modal';

/** What the dialog needs of its create mutation. */
interface CreateMutation<Draft, Created> {
  mutate: (draft: Draft, options: { onSuccess: (created: Created) => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/** How one kind of votable item is submitted: the dialog's words, its name field, its API. */
export interface ItemModalKind<Draft, Created> {
  readonly title: string;
  /** The form's own class beside 'tracker-form', e.g. 'request-form'. */
  readonly className: string;
  readonly intro: string;
  readonly submitLabel: string;
  /** The message of a refusal that carries none of its own. */
  readonly fallbackMessage: string;
  /** The first field, which names the item: its key ('title', 'name'), label and placeholder. */
  readonly name: {
    readonly key: string;
    readonly label: string;
    readonly maxLength: number;
    readonly placeholder: string;
  };
  readonly description: { readonly maxLength: number; readonly placeholder: string };
  /** The problem of a draft the server would refuse, null when none. */
  readonly problem: (draft: Draft) => string | null;
  /** The create mutation (a hook: called once in the dialog). */
  readonly useCreate: () => CreateMutation<Draft, Created>;
}

/** The fields every kind has; the kind adds its own to make its draft. */
export interface ItemBase {
  readonly name: string;
  readonly description: string;
  /** The honeypot's value: undefined unless a bot filled it. */
  readonly website: string | undefined;
}

interface ItemModalProps<Draft, Created> {
  kind: ItemModalKind<Draft, Created>;
  /** The kind's own required fields' typed values, in the order they are shown. */
  required?: Readonly<Record<string, string>>;
  /** The draft sent, from the common fields and the kind's own. */
  draft: (base: ItemBase) => Draft;
  /** Shown under the name: items like the one being written (`close` closes the dialog). */
  similar: (name: string, close: () => void) => ReactNode;
  /** The kind's own fields, after the description; `id` is the form's id. */
  children: (form: ReturnType<typeof useItemForm<string>>, id: string) => ReactNode;
  /** Called after the API stored the item. */
  onCreated: (created: Created) => void;
  onClose: () => void;
}

/**
 * A submit dialog of a votable item: its name (with similar items under it) and description, then
 * the kind's own fields. A refused submission keeps everything typed and shows the server's reason
 * (e.g. the 429 of the rate limit); a stored one closes the dialog. Open while rendered.
 */
export function ItemModal<Draft, Created>({
  kind,
  required = {},
  draft,
  similar,
  children,
  onCreated,
  onClose,
}: ItemModalProps<Draft, Created>) {
  const id = useId();
  const create = kind.useCreate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const form = useItemForm({
    id,
    mutation: create,
    fallbackMessage: kind.fallbackMessage,
    required: { [kind.name.key]: name, description, ...required },
  });

  const onSubmit = form.onSubmit((website) => {
    const input = draft({ name, description, website });
    return {
      problem: kind.problem(input),
      send: () =>
        create.mutate(input, {
          onSuccess: (created) => {
            onCreated(created);
            onClose();
          },
        }),
    };
  });

  return (
    <ItemFormModal
      title={kind.title}
      className={kind.className}
      intro={kind.intro}
      submitLabel={kind.submitLabel}
      form={form}
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField
        label={kind.name.label}
        control={form.control(kind.name.key)}
        value={name}
        onChange={setName}
        maxLength={kind.name.maxLength}
        placeholder={kind.name.placeholder}
        first
      />
      {similar(name, onClose)}
      <FormTextField
        label="Description"
        control={form.control('description')}
        value={description}
        onChange={setDescription}
        maxLength={kind.description.maxLength}
        placeholder={kind.description.placeholder}
        rows={4}
      />
      {children(form, id)}
    </ItemFormModal>
  );
}
