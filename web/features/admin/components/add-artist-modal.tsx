import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { adminKeys } from '../api/keys.ts';
import { addArtist } from '../api/update-artist.ts';
import { inputClass, Modal, primaryButton, Spinner, secondaryButton } from './admin-ui.tsx';
import { chosenFile } from './form-problems.tsx';

/**
 * 'Add New Artist': name, description and image required; create stays disabled until set.
 * Closing returns focus to what opened it, else to `returnFocusTo`.
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
  const [error, setError] = useState<string | null>(null);
  const ready = name.trim() !== '' && description.trim() !== '' && image !== null;

  function close() {
    setName('');
    setDescription('');
    setEmail('');
    setImage(null);
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Problems show in the form, and only there.
    if (!name.trim() || !description.trim()) {
      setError('Please fill in all required fields');
      return;
    }
    if (!image) {
      setError('Please select an image file');
      return;
    }
    setSaving(true);
    setError(null);
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
      setError(
        failure instanceof ApiError && failure.status > 0
          ? failure.message
          : 'Failed to create artist. Please try again.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Add New Artist"
      returnFocusTo={returnFocusTo}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <label className="flex flex-col gap-1 text-sm">
          Artist Name *
          <input
            className={inputClass}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Enter artist name"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Description *
          <textarea
            className={`${inputClass} min-h-24`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="Tell listeners about this artist"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Email
          <input
            type="email"
            className={inputClass}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="artist@example.com"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Image *
          <input
            type="file"
            accept="image/*"
            onChange={(event) => {
              setError(null);
              setImage(chosenFile(event.target, 'image', setError));
            }}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        )}
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
