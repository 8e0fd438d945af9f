import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { GENRES } from '../../../../contract/rules/catalog.ts';
import { DURATION_PATTERN, formatDuration } from '../../../../contract/rules/format.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { addSong } from '../api/add-song.ts';
import { useArtistChoices } from '../api/get-artists.ts';
import { adminKeys } from '../api/keys.ts';
import { inputClass, primaryButton, Spinner, secondaryButton, selectClass } from './admin-ui.tsx';

export const DURATION_HINT = 'Please enter duration in MM:SS format (e.g., 3:45)';

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

/** 'Add New Song': every field, the genre list, MM:SS, and upload progress. */
export function AddSongForm({ onClose }: { onClose: () => void }) {
  const artists = useArtistChoices();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [genre, setGenre] = useState('');
  const [duration, setDuration] = useState('');
  const [status, setStatus] = useState<'Active' | 'Inactive'>('Active');
  const [audioFile, setAudioFile] = useState<File | null>(null);
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const durationInvalid = duration !== '' && !DURATION_PATTERN.test(duration.trim());

  async function chooseAudio(file: File | null) {
    setAudioFile(file);
    if (!file) return;
    if (!title.trim()) setTitle(titleFromFile(file.name));
    const seconds = await readDuration(file);
    if (seconds !== null && seconds > 0) setDuration(formatDuration(Math.round(seconds)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!title.trim() || !artist || !genre || !duration.trim()) {
      notify.error('Please fill in all required fields');
      return;
    }
    if (!audioFile || !imageFile) {
      notify.error('Please select both audio and image files');
      return;
    }
    if (!DURATION_PATTERN.test(duration.trim())) {
      notify.error(DURATION_HINT);
      return;
    }
    setProgress(0);
    try {
      await addSong(
        {
          title: title.trim(),
          artist,
          genre,
          duration: duration.trim(),
          status,
          audioFile,
          imageFile,
        },
        setProgress,
      );
      notify.success('Song added successfully!');
      formRef.current?.reset();
      setTitle('');
      setArtist('');
      setGenre('');
      setDuration('');
      setStatus('Active');
      setAudioFile(null);
      setImageFile(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status > 0) {
        const message = `Error: ${failure.message || 'Failed to add song'}`;
        setError(message);
        notify.error(message);
      } else {
        setError('Failed to add song. Please try again.');
        notify.error('Failed to add song. Please try again.');
      }
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      aria-label="Add New Song"
      className="mb-8 rounded-xl border border-white/10 bg-[#151515] p-6"
      noValidate
    >
      <h2 className="mb-4 text-lg font-semibold">Add New Song</h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          Title *
          <input
            className={inputClass}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder="Enter song title"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Artist *
          <select
            className={selectClass}
            value={artist}
            onChange={(event) => setArtist(event.target.value)}
          >
            <option value="">{artists.isPending ? 'Loading artists...' : 'Select artist'}</option>
            {artists.data?.map((choice) => (
              <option key={choice._id} value={choice._id}>
                {choice.name}
                {choice.isDisabled ? ' (disabled)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Genre *
          <select
            className={selectClass}
            value={genre}
            onChange={(event) => setGenre(event.target.value)}
          >
            <option value="">Select genre</option>
            {GENRES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Duration *
          <input
            className={inputClass}
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
            placeholder="3:45"
            aria-invalid={durationInvalid}
            aria-describedby="duration-hint"
          />
          <span
            id="duration-hint"
            className={`text-xs ${durationInvalid ? 'text-red-400' : 'text-muted'}`}
          >
            {DURATION_HINT}
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Status
          <select
            className={selectClass}
            value={status}
            onChange={(event) => setStatus(event.target.value as 'Active' | 'Inactive')}
          >
            <option value="Active">Active</option>
            <option value="Inactive">Inactive</option>
          </select>
        </label>
        <div />
        <label className="flex flex-col gap-1 text-sm">
          Audio File *
          <input
            type="file"
            accept="audio/*"
            className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-3 file:py-1 file:text-white"
            onChange={(event) => void chooseAudio(event.target.files?.[0] ?? null)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Cover Image *
          <input
            type="file"
            accept="image/*"
            className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-3 file:py-1 file:text-white"
            onChange={(event) => setImageFile(event.target.files?.[0] ?? null)}
          />
        </label>
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
      {error && (
        <p role="alert" className="mt-4 text-sm text-red-400">
          {error}
        </p>
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
