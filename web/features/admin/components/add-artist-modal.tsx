import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useState } from 'react';
import { isValidEmail } from '../../../../contract/rules/email.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { adminKeys } from '../api/keys.ts';
import { addArtist } from '../api/update-artist.ts';
import {
  ErrorBanner,
  inputClass,
  Modal,
  primaryButton,
  Spinner,
  secondaryButton,
} from './admin-ui.tsx';
import { type Problems, useFormProblems } from './form-problems.tsx';

/** The form's fields, named as the server names them in an error's `field`. */
const FIELDS = ['name', 'description', 'email', 'imageFile'] as const;
type Field = (typeof FIELDS)[number];

/**
 * What the form as filled in lacks, before anything is sent, in the server's words: the image
 * goes with the form, so a mistake the form can see costs no upload.
 */
function check(artist: {
  name: string;
  description: string;
  email: string;
  image: File | null;
}): Problems<Field> {
  const problems: Problems<Field> = {};
  if (!artist.name.trim()) problems.name = 'Artist name is required';
  if (!artist.description.trim()) problems.description = 'Description is required';
  if (artist.email.trim() && !isValidEmail(artist.email)) {
    problems.email = 'Please enter a valid email';
  }
  if (!artist.image) problems.imageFile = 'Please select an image file';
  // The form's top sums up the missing text in the product's own words.
  if (problems.name || problems.description) problems.form = 'Please fill in all required fields';
  return problems;
}

/**
 * 'Add New Artist': name, description and image required; create stays disabled until set.
 * Its errors, the fields' and the server's, show in the form only: under the field they are
 * about, else at the form's top. Closing returns focus to what opened it, else to
 * `returnFocusTo`.
 */
export function AddArtistModal({
  open,
  onClose,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const { problems, field, edited, failed, checked, chose, cleared } = useFormProblems(FIELDS);
  const ready = name.trim() !== '' && description.trim() !== '' && image !== null;

  function close() {
    setName('');
    setDescription('');
    setEmail('');
    setImage(null);
    cleared();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check({ name, description, email, image });
    checked(found);
    if (Object.keys(found).length > 0 || !image) return;
    setSaving(true);
    try {
      await addArtist({
        name: name.trim(),
        description: description.trim(),
        email: email.trim(),
        imageFile: image,
      });
      notify.success('Artist created successfully!');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
      close();
    } catch (failure) {
      // The server's refusal says why; anything else gets the product's own words.
      const refusal = failure instanceof ApiError && failure.status > 0 ? failure : null;
      failed(refusal, 'Failed to create artist. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  const nameField = field('name');
  const descriptionField = field('description');
  const emailField = field('email');
  const imageField = field('imageFile');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Add New Artist"
      returnFocusTo={returnFocusTo}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {problems.form && <ErrorBanner>{problems.form}</ErrorBanner>}
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={nameField.id}>Artist Name *</label>
          <input
            id={nameField.id}
            className={inputClass}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              edited('name');
            }}
            placeholder="Enter artist name"
            {...nameField.control}
          />
          {nameField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={descriptionField.id}>Description *</label>
          <textarea
            id={descriptionField.id}
            className={`${inputClass} min-h-24`}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              edited('description');
            }}
            placeholder="Tell listeners about this artist"
            {...descriptionField.control}
          />
          {descriptionField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={emailField.id}>Email</label>
          <input
            id={emailField.id}
            type="email"
            className={inputClass}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              edited('email');
            }}
            placeholder="artist@example.com"
            {...emailField.control}
          />
          {emailField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={imageField.id}>Image *</label>
          <input
            id={imageField.id}
            type="file"
            accept="image/*"
            onChange={(event) => chose('imageFile', event.target, 'image', setImage)}
            {...imageField.control}
          />
          {imageField.message}
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={!ready || saving}>
            {saving && <Spinner />} {saving ? 'Creating...' : 'Create Artist'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
