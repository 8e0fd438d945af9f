import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { GENRES } from '../../../../contract/rules/catalog.ts';
import { formatDuration } from '../../../../contract/rules/format.ts';
import { notify } from '../../../lib/toast.ts';
import { addSong } from '../api/add-song.ts';
import { useAlbumChoices } from '../api/get-albums.ts';
import { useArtistChoices } from '../api/get-artists.ts';
import { adminKeys } from '../api/keys.ts';
import {
  ErrorBanner,
  inputClass,
  primaryButton,
  Spinner,
  secondaryButton,
  selectClass,
} from './admin-ui.tsx';
import { type Problems, songFieldProblems, useFormProblems } from './form-problems.tsx';

/** The album select's choice that reveals the new album's title field. */
const NEW_ALBUM = 'new';

/** The form's fields, named as the server names them in an error's `field`. */
const FIELDS = [
  'title',
  'artist',
  'albumId',
  'albumTitle',
  'genre',
  'duration',
  'status',
  'audioFile',
  'imageFile',
] as const;
type Field = (typeof FIELDS)[number];

/** What the form as filled in lacks, before anything is sent. */
function check(song: {
  title: string;
  artists: number[];
  genre: string;
  newAlbumTitle: string | null;
  audioFile: File | null;
  imageFile: File | null;
}): Problems<Field> {
  const problems: Problems<Field> = songFieldProblems(song.title, song.artists, song.genre);
  if (song.newAlbumTitle !== null && !song.newAlbumTitle.trim()) {
    problems.albumTitle = 'New album title is required';
  }
  if (!song.audioFile) problems.audioFile = 'Please select an audio file';
  if (!song.imageFile) problems.imageFile = 'Please select a cover image';
  // The form's top sums them up in the product's own words; each field says what it lacks.
  const lacksField = ['title', 'artist', 'genre', 'albumTitle'].some((name) => name in problems);
  if (lacksField) problems.form = 'Please fill in all required fields';
  else if (!song.audioFile || !song.imageFile) {
    problems.form = 'Please select both audio and image files';
  }
  return problems;
}

const fileInputClass =
  'text-sm file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-3 file:py-1 file:text-white';

/** Reads an audio file's duration in the browser, as the <audio> element would play it. */
function readDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(Number.isFinite(audio.duration) ? audio.duration : null);
    audio.onerror = () => done(null);
    audio.src = url;
  });
}

function titleFromFile(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/^\d+[\s._-]+/, '')
    .replace(/_/g, ' ')
    .trim();
}

/** A local address for a picked image, released when the file changes or the form goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return url;
}

/**
 * 'Add New Song': title, one or more artists, an album of theirs (or a new one), genre, status,
 * the files with a preview of the cover, and upload progress. The duration is the file's,
 * shown once the browser has read it (the server measures it again). Its errors, the fields' and
 * the server's, show in the form only: under the field they are about, else at the form's top.
 */
export function AddSongForm({ onClose }: { onClose: () => void }) {
  const artists = useArtistChoices();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [chosenArtists, setChosenArtists] = useState<number[]>([]);
  const albums = useAlbumChoices(chosenArtists);
  const [album, setAlbum] = useState('');
  const [albumTitle, setAlbumTitle] = useState('');
  const [genre, setGenre] = useState('');
  const [duration, setDuration] = useState('');
  const [status, setStatus] = useState<'Active' | 'Inactive'>('Active');
  const [audioFile, setAudioFile] = useState<File | null>(null);
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { problems, field, edited, failed, checked, chose, cleared } = useFormProblems(FIELDS);
  const formRef = useRef<HTMLFormElement>(null);
  const coverPreview = usePreview(imageFile);
  const artistName = (id: number) =>
    artists.data?.find((choice) => choice._id === id)?.name ?? `Artist ${id}`;
  // An album picked stays only while it belongs to one of the chosen artists.
  const albumKnown =
    album === '' ||
    album === NEW_ALBUM ||
    (albums.data?.some((choice) => String(choice._id) === album) ?? true);
  useEffect(() => {
    if (!albumKnown) setAlbum('');
  }, [albumKnown]);

  /** The audio to send, or none; its duration is read anew from the file the form now holds. */
  function keepAudio(file: File | null) {
    setAudioFile(file);
    setDuration('');
  }

  async function chooseAudio(input: HTMLInputElement) {
    const file = chose('audioFile', input, 'audio', keepAudio);
    if (!file) return;
    if (!title.trim()) {
      setTitle(titleFromFile(file.name));
      // A title filled in for the admin answers "Title is required" as typing one does.
      edited('title');
    }
    const seconds = await readDuration(file);
    if (seconds !== null && seconds > 0) setDuration(formatDuration(Math.round(seconds)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    notify.startFlow();
    const found = check({
      title,
      artists: chosenArtists,
      genre,
      newAlbumTitle: album === NEW_ALBUM ? albumTitle : null,
      audioFile,
      imageFile,
    });
    checked(found);
    if (Object.keys(found).length > 0 || !audioFile || !imageFile) return;
    setProgress(0);
    try {
      await addSong(
        {
          title: title.trim(),
          artists: chosenArtists,
          genre,
          duration,
          status,
          album:
            album === NEW_ALBUM
              ? { title: albumTitle.trim() }
              : album
                ? { id: Number(album) }
                : null,
          audioFile,
          imageFile,
        },
        setProgress,
      );
      notify.success('Song added successfully!');
      formRef.current?.reset();
      setTitle('');
      setChosenArtists([]);
      setAlbum('');
      setAlbumTitle('');
      setGenre('');
      setDuration('');
      setStatus('Active');
      setAudioFile(null);
      setImageFile(null);
      cleared();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
    } catch (failure) {
      failed(failure, 'Failed to add song. Please try again.');
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  const titleField = field('title');
  const artistField = field('artist');
  const albumField = field('albumId');
  const albumTitleField = field('albumTitle');
  const genreField = field('genre');
  const durationField = field('duration');
  const statusField = field('status');
  const audioField = field('audioFile');
  const imageField = field('imageFile');
  const creditedId = `${artistField.id}-credited`;
  const hintId = `${durationField.id}-hint`;
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      aria-label="Add New Song"
      className="mb-8 rounded-xl border border-white/10 bg-[#151515] p-6"
      noValidate
    >
      <h2 className="mb-4 text-lg font-semibold">Add New Song</h2>
      {problems.form && <ErrorBanner>{problems.form}</ErrorBanner>}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
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
            placeholder="Enter song title"
            {...titleField.control}
          />
          {titleField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={artistField.id}>Artist *</label>
          <select
            id={artistField.id}
            className={selectClass}
            value=""
            {...artistField.control}
            aria-describedby={[artistField.control['aria-describedby'], creditedId]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => {
              const id = Number(event.target.value);
              if (id > 0 && !chosenArtists.includes(id)) setChosenArtists([...chosenArtists, id]);
              edited('artist');
            }}
          >
            <option value="">
              {artists.isPending
                ? 'Loading artists...'
                : chosenArtists.length > 0
                  ? 'Add another artist'
                  : 'Select artist'}
            </option>
            {artists.data
              ?.filter((choice) => !chosenArtists.includes(choice._id))
              .map((choice) => (
                <option key={choice._id} value={choice._id}>
                  {choice.name}
                  {choice.isDisabled ? ' (disabled)' : ''}
                </option>
              ))}
          </select>
          <ul id={creditedId} aria-label="Credited artists" className="flex flex-wrap gap-2">
            {chosenArtists.map((id) => (
              <li
                key={id}
                className="flex items-center gap-1 rounded-full bg-white/10 py-1 pr-1 pl-3 text-xs"
              >
                {artistName(id)}
                <button
                  type="button"
                  aria-label={`Remove ${artistName(id)}`}
                  onClick={() => setChosenArtists(chosenArtists.filter((other) => other !== id))}
                  className="grid size-5 place-items-center rounded-full hover:bg-white/20"
                >
                  <X className="size-3" />
                </button>
              </li>
            ))}
          </ul>
          {artistField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={albumField.id}>Album</label>
          <select
            id={albumField.id}
            className={selectClass}
            value={albumKnown ? album : ''}
            disabled={chosenArtists.length === 0}
            onChange={(event) => {
              setAlbum(event.target.value);
              edited('albumId');
              edited('albumTitle');
            }}
            {...albumField.control}
          >
            <option value="">
              {chosenArtists.length > 0 ? 'No album' : 'Choose artists first'}
            </option>
            {albums.data?.map((choice) => (
              <option key={choice._id} value={choice._id}>
                {choice.title}
                {chosenArtists.length > 1 ? ` (${choice.artist.name})` : ''}
              </option>
            ))}
            <option value={NEW_ALBUM}>New album…</option>
          </select>
          {albumField.message}
          {album === NEW_ALBUM && (
            <input
              className={inputClass}
              aria-label="New album title *"
              placeholder="New album title"
              value={albumTitle}
              maxLength={200}
              onChange={(event) => {
                setAlbumTitle(event.target.value);
                edited('albumTitle');
              }}
              {...albumTitleField.control}
            />
          )}
          {albumTitleField.message}
        </div>
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
            <option value="">Select genre</option>
            {GENRES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {genreField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={durationField.id}>Duration</label>
          <input
            id={durationField.id}
            className={`${inputClass} text-muted`}
            value={duration}
            readOnly
            placeholder="From the audio file"
            {...durationField.control}
            aria-describedby={[hintId, durationField.control['aria-describedby']]
              .filter(Boolean)
              .join(' ')}
          />
          <span id={hintId} className="text-xs text-muted">
            Read from the audio file
          </span>
          {durationField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={statusField.id}>Status</label>
          <select
            id={statusField.id}
            className={selectClass}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as 'Active' | 'Inactive');
              edited('status');
            }}
            {...statusField.control}
          >
            <option value="Active">Active</option>
            <option value="Inactive">Inactive</option>
          </select>
          {statusField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={audioField.id}>Audio File *</label>
          <input
            id={audioField.id}
            type="file"
            accept="audio/*"
            className={fileInputClass}
            onChange={(event) => void chooseAudio(event.target)}
            {...audioField.control}
          />
          {audioField.message}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={imageField.id}>Cover Image *</label>
          <input
            id={imageField.id}
            type="file"
            accept="image/*"
            className={fileInputClass}
            onChange={(event) => chose('imageFile', event.target, 'image', setImageFile)}
            {...imageField.control}
          />
          {imageField.message}
          {coverPreview && (
            <img
              src={coverPreview}
              alt="Cover preview"
              className="mt-2 size-24 rounded object-cover"
            />
          )}
        </div>
      </div>
      {uploading && (
        <div className="mt-4">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-white/10"
          >
            <div
              className="h-full bg-brand transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-muted">
            {progress < 1 ? `Uploading... ${Math.round(progress * 100)}%` : 'Processing...'}
          </p>
        </div>
      )}
      <div className="mt-6 flex gap-3">
        <button type="submit" className={primaryButton} disabled={uploading}>
          {uploading && <Spinner />} {uploading ? 'Adding Song...' : 'Add Song'}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose} disabled={uploading}>
          Cancel
        </button>
      </div>
    </form>
  );
}
