import { ImagePlus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { CHOSEN_IMAGE_TYPES, IMAGE_TYPE_MESSAGE } from '../../../contract/rules/catalog.ts';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX } from '../../../contract/rules/playlists.ts';
import { refusesField } from '../../lib/api.ts';
import { chosenFile } from '../../lib/chosen-file.ts';
import { useReturnFocus } from '../../ui/return-focus.ts';
import { PlaylistCover } from '../playlist/playlist-cover.tsx';

export interface PlaylistDetails {
  name: string;
  description: string;
  isPublic: boolean;
  cover: File | null;
}

interface Props {
  open: boolean;
  /** Creating shows name and description only; editing adds visibility and cover. */
  mode: 'create' | 'edit';
  initial?: {
    name: string;
    description: string;
    isPublic: boolean;
    coverImage: string | null;
    /** Its songs' covers, which make its cover while it has none of its own. */
    covers?: string[];
  };
  saving: boolean;
  error: string | null;
  onClose(): void;
  /** Saves; settles with the request (its failure is shown through `error`). */
  onSave(details: PlaylistDetails): Promise<unknown>;
}

/** The 'Edit details' modal: a name (required) and a description. */
export function PlaylistDetailsDialog({
  open,
  mode,
  initial,
  saving,
  error,
  onClose,
  onSave,
}: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPublic, setIsPublic] = useState(initial?.isPublic ?? true);
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The save's error as it was when another file was chosen: about that file, no longer shown. */
  const [answeredError, setAnsweredError] = useState<string | null>(null);
  /** The cover input, and the file it holds as last chosen (a request settles after a render). */
  const coverInput = useRef<HTMLInputElement>(null);
  const chosenCover = useRef<File | null>(null);
  const ids = useId();
  const returnFocus = useReturnFocus(open);

  const chooseCover = (file: File | null) => {
    chosenCover.current = file;
    setCover(file);
  };
  /** Lets go of the chosen cover: the input is emptied, and the playlist's own cover shows. */
  const dropCover = () => {
    if (coverInput.current) coverInput.current.value = '';
    chooseCover(null);
  };

  useEffect(() => {
    if (!cover) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(cover);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);

  const shownError = fileError ?? (error === answeredError ? null : error);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-elevated p-6 text-white shadow-2xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-2xl font-bold">Edit details</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="grid size-8 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-white"
            >
              <X className="size-5" />
            </Dialog.Close>
          </div>
          {shownError && (
            <div role="alert" className="mb-4 rounded bg-red-600 px-3 py-2 text-sm text-white">
              Error: {shownError}
            </div>
          )}
          <form
            // On a phone the cover sits above the fields: beside them it would leave the name
            // a third of the dialog.
            className="flex flex-col items-center gap-4 sm:flex-row sm:items-stretch"
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim() || saving) return;
              setAnsweredError(null);
              const sent = cover;
              onSave({ name: name.trim(), description: description.trim(), isPublic, cover }).catch(
                (failure: unknown) => {
                  // The server refused the file itself (its bytes are no image it takes): the
                  // dialog lets go of it, unless another was chosen meanwhile, so Save does not
                  // send it again and the playlist's current cover shows, with why.
                  if (!sent || chosenCover.current !== sent) return;
                  if (refusesField(failure, 'imageFile')) dropCover();
                },
              );
            }}
          >
            {mode === 'edit' && (
              <label
                className="group relative grid size-44 shrink-0 cursor-pointer place-items-center overflow-hidden rounded bg-highlight text-muted"
                title="Choose photo"
              >
                {preview || initial?.coverImage ? (
                  <img
                    src={preview ?? initial?.coverImage ?? ''}
                    alt="Playlist cover"
                    className="size-full object-cover"
                    onError={() => {
                      // The browser cannot draw the chosen file (a text file named .png): it
                      // is no image the server takes either, so it is refused now, as a file
                      // of the wrong type is, rather than shown broken until Save.
                      if (!preview) return;
                      dropCover();
                      setFileError(IMAGE_TYPE_MESSAGE);
                    }}
                  />
                ) : initial?.covers?.length ? (
                  // The cover the playlist shows, made of its songs' covers, as on its page.
                  <PlaylistCover coverImage={null} covers={initial.covers} className="size-full" />
                ) : (
                  <ImagePlus className="size-12" />
                )}
                <span className="absolute inset-x-0 bottom-0 bg-black/60 py-1 text-center text-xs opacity-0 group-hover:opacity-100">
                  Choose photo
                </span>
                <input
                  ref={coverInput}
                  type="file"
                  // A file chosen while Save is under way would never be sent.
                  disabled={saving}
                  accept={CHOSEN_IMAGE_TYPES.join(',')}
                  aria-label="Choose photo"
                  className="sr-only"
                  onChange={(event) => {
                    // Save sends what the dialog shows: a refused file replaces the earlier
                    // choice too, so the playlist's current cover shows again, with why.
                    setFileError(null);
                    setAnsweredError(error);
                    chooseCover(chosenFile(event.target, 'image', setFileError));
                  }}
                />
              </label>
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-3 self-stretch">
              <label htmlFor={`${ids}-name`} className="sr-only">
                Name
              </label>
              <input
                id={`${ids}-name`}
                // biome-ignore lint/a11y/noAutofocus: the dialog opens to type a name
                autoFocus
                placeholder="Add a name"
                value={name}
                maxLength={PLAYLIST_NAME_MAX}
                onChange={(event) => setName(event.target.value)}
                className="rounded bg-highlight px-3 py-2 outline-none focus:ring-1 focus:ring-white"
              />
              <label htmlFor={`${ids}-description`} className="sr-only">
                Description
              </label>
              <textarea
                id={`${ids}-description`}
                placeholder="Add an optional description"
                value={description}
                maxLength={PLAYLIST_DESCRIPTION_MAX}
                onChange={(event) => setDescription(event.target.value)}
                rows={mode === 'edit' ? 3 : 5}
                className="resize-none rounded bg-highlight px-3 py-2 text-sm outline-none focus:ring-1 focus:ring-white"
              />
              {mode === 'edit' && (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={isPublic}
                    onChange={(event) => setIsPublic(event.target.checked)}
                    className="size-4 accent-brand"
                  />
                  Public playlist
                </label>
              )}
              <div className="flex justify-end">
                <button
                  type="submit"
                  disabled={!name.trim() || saving}
                  className="rounded-full bg-white px-8 py-3 font-bold text-black hover:scale-105 disabled:opacity-50 disabled:hover:scale-100"
                >
                  {saving ? 'Saving...' : 'Save'}
                </button>
              </div>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
