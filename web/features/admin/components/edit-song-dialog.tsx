import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Song } from '../../../../contract/catalog.ts';
import { GENRES } from '../../../../contract/rules/catalog.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
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

/** The form's fields, named as the server names them in an error's `field`. */
const FIELDS = ['title', 'artist', 'genre', 'imageFile'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string | undefined): name is Field => FIELDS.some((field) => field === name);

/** What the form says is wrong: under a field, or at its top for the rest. */
type Problems = Partial<Record<Field | 'form', string>>;

/** The problems of the fields as typed, before anything is sent. */
function check(title: string, artists: number[], genre: string): Problems {
  const problems: Problems = {};
  if (!title.trim()) problems.title = 'Title is required';
  if (artists.length === 0) problems.artist = 'Choose at least one artist';
  if (!genre) problems.genre = 'Genre is required';
  return problems;
}

/**
 * Edits a song's title, artists, genre and cover. Its errors, the fields' and the server's, show
 * in the form only: under the field they are about, else at the form's top.
 */
export function EditSongDialog({ song, onClose }: { song: Song; onClose: () => void }) {
  const artists = useArtistChoices();
  const queryClient = useQueryClient();
  const id = useId();
  const [title, setTitle] = useState(song.title);
  const [genre, setGenre] = useState(song.genre);
  const [chosen, setChosen] = useState<number[]>(song.artist.map((artist) => artist._id));
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const genres: string[] = GENRES.includes(song.genre as (typeof GENRES)[number])
    ? [...GENRES]
    : [song.genre, ...GENRES];

  /** Props of a field's control and its message, which the control is described by. */
  const field = (name: Field) => {
    const message = problems[name];
    const messageId = `${id}-${name}-error`;
    return {
      control: {
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? messageId : undefined,
      },
      message: message && (
        <p id={messageId} className="text-sm text-red-400">
          {message}
        </p>
      ),
    };
  };
  /** A change to a field clears what was said about it. */
  const edited = (name: Field) => setProblems(({ [name]: _cleared, ...rest }) => rest);

  function toggle(artistId: number) {
    setChosen((list) =>
      list.includes(artistId) ? list.filter((item) => item !== artistId) : [...list, artistId],
    );
    edited('artist');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    notify.startFlow();
    const found = check(title, chosen, genre);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await updateSong(song._id, { title: title.trim(), genre, artist: chosen, image });
      notify.success('Song updated successfully!');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
      onClose();
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to update song');
      const about = failure instanceof ApiError ? failure.field : undefined;
      setProblems(isField(about) ? { [about]: message } : { form: message });
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
          <label htmlFor={`${id}-title`}>Title *</label>
          <input
            id={`${id}-title`}
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
          <label htmlFor={`${id}-genre`}>Genre *</label>
          <select
            id={`${id}-genre`}
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
          <label htmlFor={`${id}-image`}>Cover Image</label>
          <input
            id={`${id}-image`}
            type="file"
            accept="image/*"
            onChange={(event) => {
              setImage(event.target.files?.[0] ?? null);
              edited('imageFile');
            }}
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
