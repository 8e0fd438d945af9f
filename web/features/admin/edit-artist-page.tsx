import { useQueryClient } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useAdminArtist } from './api/get-artists.ts';
import { adminKeys } from './api/keys.ts';
import { updateArtist } from './api/update-artist.ts';
import { inputClass, primaryButton, Spinner, secondaryButton } from './components/admin-ui.tsx';
import { listAddress } from './components/artist-list-address.ts';
import { type Problems, useFormProblems } from './components/form-problems.tsx';

/** The page's fields, named as the server names them in an error's `field`. */
const FIELDS = ['name', 'description', 'imageFile'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Edit artist: image rules and messages, name required, save and cancel. Each problem shows
 * under the field it is about, the server's refusals too; a failed save also gets the product's
 * toast, which alone says what no field is about.
 */
export function EditArtistPage() {
  const { id } = useParams();
  const artistId = Number(id);
  const navigate = useNavigate();
  // The list as the admin left it, where Save, Cancel and a missing artist return.
  const list = listAddress(useLocation().state);
  const queryClient = useQueryClient();
  const artist = useAdminArtist(artistId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { field, edited, failed, checked, chose, refuse } = useFormProblems(FIELDS);

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
    navigate(list, { replace: true });
  }, [artist.error, artistId, navigate, list]);

  /**
   * The image to send, previewed once read; or none, when the artist keeps the image it has and
   * the preview shows that one again (or none).
   */
  function keepImage(file: File | null) {
    setImage(file);
    if (!file) {
      setPreview(artist.data?.data.image ?? null);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => refuse('imageFile', 'Error reading the image file');
    reader.readAsDataURL(file);
  }

  function chooseImage(input: HTMLInputElement) {
    if (!input.files?.length) refuse('imageFile', 'No file selected');
    else chose('imageFile', input, 'image', keepImage);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found: Problems<Field> = {};
    if (!name.trim()) found.name = 'Artist name is required';
    checked(found);
    if (found.name) return;
    setSaving(true);
    try {
      await updateArtist(artistId, { name: name.trim(), description, imageFile: image });
      notify.success('Artist updated successfully!');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
      navigate(list);
    } catch (error) {
      notify.error(`Error updating artist: ${errorMessage(error, 'Failed to update artist')}`);
      failed(error, 'Failed to update artist');
    } finally {
      setSaving(false);
    }
  }

  if (artist.isPending && !artist.data) {
    return <p className="p-6 text-muted">Loading artist data...</p>;
  }

  const imageField = field('imageFile');
  const nameField = field('name');
  const descriptionField = field('description');
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
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => chooseImage(event.target)}
            {...imageField.control}
          />
        </label>
        {imageField.message}
      </div>
      <div className="mb-4 flex flex-col gap-1 text-sm">
        <label htmlFor={nameField.id}>Artist Name</label>
        <input
          id={nameField.id}
          className={inputClass}
          value={name}
          placeholder="Enter artist name"
          onChange={(event) => {
            setName(event.target.value);
            edited('name');
          }}
          {...nameField.control}
        />
        {nameField.message}
      </div>
      <div className="mb-6 flex flex-col gap-1 text-sm">
        <label htmlFor={descriptionField.id}>Description</label>
        <textarea
          id={descriptionField.id}
          className={`${inputClass} min-h-24`}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            edited('description');
          }}
          {...descriptionField.control}
        />
        {descriptionField.message}
      </div>
      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={() => navigate(list)}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving && <Spinner />} {saving ? 'Saving...' : 'Save Artist'}
        </button>
      </div>
    </form>
  );
}
