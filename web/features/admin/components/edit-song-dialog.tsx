import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Song } from '../../../../contract/catalog.ts';
import { GENRES } from '../../../../contract/rules/catalog.ts';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useArtistChoices } from '../api/get-artists.ts';
import { adminKeys } from '../api/keys.ts';
import { updateSong } from '../api/update-song.ts';
import {
  inputClass,
  Modal,
  primaryButton,
  Spinner,
  secondaryButton,
  selectClass,
} from './admin-ui.tsx';

/** Edits a song's title, artists, genre and cover. */
export function EditSongDialog({ song, onClose }: { song: Song; onClose: () => void }) {
  const artists = useArtistChoices();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(song.title);
  const [genre, setGenre] = useState(song.genre);
  const [chosen, setChosen] = useState<number[]>(song.artist.map((artist) => artist._id));
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const genres: string[] = GENRES.includes(song.genre as (typeof GENRES)[number])
    ? [...GENRES]
    : [song.genre, ...GENRES];

  function toggle(id: number) {
    setChosen((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || chosen.length === 0 || !genre) {
      setError('Please fill in all required fields');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await updateSong(song._id, { title: title.trim(), genre, artist: chosen, image });
      notify.success('Song updated successfully!');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
      onClose();
    } catch (failure) {
      setError(`Error: ${errorMessage(failure, 'Failed to update song')}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Edit Song">
      <form onSubmit={save} className="flex flex-col gap-4" noValidate>
        <label className="flex flex-col gap-1 text-sm">
          Title *
          <input
            className={inputClass}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1">Artists *</legend>
          <div className="max-h-40 overflow-y-auto rounded-md border border-white/10 p-2">
            {artists.data?.map((artist) => (
              <label key={artist._id} className="flex items-center gap-2 py-0.5">
                <input
                  type="checkbox"
                  checked={chosen.includes(artist._id)}
                  onChange={() => toggle(artist._id)}
                />
                {artist.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          Genre *
          <select
            className={selectClass}
            value={genre}
            onChange={(event) => setGenre(event.target.value)}
          >
            {genres.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Cover Image
          <input
            type="file"
            accept="image/*"
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving && <Spinner />} {saving ? 'Saving...' : 'Save Song'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
