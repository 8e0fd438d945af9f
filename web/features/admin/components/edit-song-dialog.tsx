import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Song } from '../../../../contract/catalog.ts';
import { GENRES } from '../../../../contract/rules/catalog.ts';
import { notify } from '../../../lib/toast.ts';
import { useArtistChoices } from '../api/get-artists.ts';
import { adminKeys } from '../api/keys.ts';
import { updateSong } from '../api/update-song.ts';
import {
  ErrorBanner,
  inputClass,
  Modal,
  primaryButton,
  Spinner,
  secondaryButton,
  selectClass,
} from './admin-ui.tsx';
import { songFieldProblems, useFormProblems } from './form-problems.tsx';

/** The form's fields, named as the server names them in an error's `field`. */
const FIELDS = ['title', 'artist', 'genre', 'imageFile'] as const;

/**
 * Edits a song's title, artists, genre and cover. Its errors, the fields' and the server's, show
 * in the form only: under the field they are about, else at the form's top.
 */
export function EditSongDialog({ song, onClose }: { song: Song; onClose: () => void }) {
  const artists = useArtistChoices();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(song.title);
  const [genre, setGenre] = useState(song.genre);
  const [chosen, setChosen] = useState<number[]>(song.artist.map((artist) => artist._id));
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const { problems, field, edited, failed, checked, chose } = useFormProblems(FIELDS);
  const genres: string[] = GENRES.includes(song.genre as (typeof GENRES)[number])
    ? [...GENRES]
    : [song.genre, ...GENRES];

  function toggle(artistId: number) {
    setChosen((list) =>
      list.includes(artistId) ? list.filter((item) => item !== artistId) : [...list, artistId],
    );
    edited('artist');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    notify.startFlow();
    const found = songFieldProblems(title, chosen, genre);
    checked(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await updateSong(song._id, { title: title.trim(), genre, artist: chosen, image });
      notify.success('Song updated successfully!');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
      onClose();
    } catch (failure) {
      failed(failure, 'Failed to update song');
    } finally {
      setSaving(false);
    }
  }

  const titleField = field('title');
  const artistField = field('artist');
  const genreField = field('genre');
  const imageField = field('imageFile');
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Edit Song">
      <form onSubmit={save} className="flex flex-col gap-4" noValidate>
        {problems.form && <ErrorBanner>{problems.form}</ErrorBanner>}
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={titleField.id}>Title *</label>
          <input
            id={titleField.id}
            className={inputClass}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              edited('title');
            }}
            {...titleField.control}
          />
          {titleField.message}
        </div>
        <fieldset
          className="flex flex-col gap-1 text-sm"
          aria-describedby={artistField.control['aria-describedby']}
        >
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
          {artistField.message}
        </fieldset>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={genreField.id}>Genre *</label>
          <select
            id={genreField.id}
            className={selectClass}
            value={genre}
            onChange={(event) => {
              setGenre(event.target.value);
              edited('genre');
            }}
            {...genreField.control}
          >
            {genres.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {genreField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={imageField.id}>Cover Image</label>
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
