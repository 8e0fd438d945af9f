import { useQueryClient } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { uploadProblem } from '../../../contract/rules/catalog.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useAdminArtist } from './api/get-artists.ts';
import { adminKeys } from './api/keys.ts';
import { updateArtist } from './api/update-artist.ts';
import { inputClass, primaryButton, Spinner, secondaryButton } from './components/admin-ui.tsx';

/** Edit artist: image rules and messages, name required, save and cancel. */
export function EditArtistPage() {
  const { id } = useParams();
  const artistId = Number(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const artist = useAdminArtist(artistId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ image?: string; name?: string }>({});
  const [saving, setSaving] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!artist.data) return;
    setName(artist.data.data.name);
    setDescription(artist.data.data.description);
    setPreview((current) => current ?? artist.data.data.image);
  }, [artist.data]);

  useEffect(() => {
    if (!artist.error && Number.isInteger(artistId) && artistId > 0) return;
    const missing =
      !Number.isInteger(artistId) ||
      artistId <= 0 ||
      (artist.error instanceof ApiError && artist.error.status === 404);
    notify.error(missing ? 'Artist not found' : 'Error loading artist data');
    navigate('/admin_artist', { replace: true });
  }, [artist.error, artistId, navigate]);

  /**
   * A chosen image that cannot be used, by this page or by the server: the artist keeps the image
   * it has, and the preview shows that one again (or none), with why under the picker.
   */
  function refuseImage(message: string) {
    setImage(null);
    setPreview(artist.data?.data.image ?? null);
    if (imageInput.current) imageInput.current.value = '';
    setErrors((current) => ({ ...current, image: message }));
  }

  function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) {
      setErrors((current) => ({ ...current, image: 'No file selected' }));
      return;
    }
    const problem = uploadProblem('image', file);
    if (problem) {
      refuseImage(problem);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      setImage(file);
      setPreview(typeof reader.result === 'string' ? reader.result : null);
      setErrors((current) => ({ ...current, image: undefined }));
    };
    reader.onerror = () =>
      setErrors((current) => ({ ...current, image: 'Error reading the image file' }));
    reader.readAsDataURL(file);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors((current) => ({ ...current, name: 'Artist name is required' }));
      return;
    }
    setSaving(true);
    try {
      await updateArtist(artistId, { name: name.trim(), description, imageFile: image });
      notify.success('Artist updated successfully!');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
      navigate('/admin_artist');
    } catch (error) {
      notify.error(`Error updating artist: ${errorMessage(error, 'Failed to update artist')}`);
      if (error instanceof ApiError && error.field === 'imageFile') refuseImage(error.message);
    } finally {
      setSaving(false);
    }
  }

  if (artist.isPending && !artist.data) {
    return <p className="p-6 text-muted">Loading artist data...</p>;
  }

  return (
    <form onSubmit={save} className="mx-auto max-w-xl" noValidate>
      <h1 className="mb-6 text-2xl font-bold">Edit Artist</h1>
      <div className="mb-6 flex flex-col items-center gap-3">
        <div className="grid size-40 place-items-center overflow-hidden rounded-full bg-white/10">
          {preview ? (
            <img src={preview} alt="Artist" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-12 text-muted" aria-label="No image" />
          )}
        </div>
        <label className={`${secondaryButton} cursor-pointer`}>
          {preview ? 'Change Image' : 'Upload Image'}
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={chooseImage}
          />
        </label>
        {errors.image && (
          <p role="alert" className="text-sm text-red-400">
            {errors.image}
          </p>
        )}
      </div>
      <label className="mb-4 flex flex-col gap-1 text-sm">
        Artist Name
        <input
          className={inputClass}
          value={name}
          placeholder="Enter artist name"
          onChange={(event) => {
            setName(event.target.value);
            if (event.target.value.trim())
              setErrors((current) => ({ ...current, name: undefined }));
          }}
          aria-invalid={Boolean(errors.name)}
        />
        {errors.name && (
          <span role="alert" className="text-sm text-red-400">
            {errors.name}
          </span>
        )}
      </label>
      <label className="mb-6 flex flex-col gap-1 text-sm">
        Description
        <textarea
          className={`${inputClass} min-h-24`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={() => navigate('/admin_artist')}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving && <Spinner />} {saving ? 'Saving...' : 'Save Artist'}
        </button>
      </div>
    </form>
  );
}
