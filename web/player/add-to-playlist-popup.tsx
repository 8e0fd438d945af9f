import { useQueryClient } from '@tanstack/react-query';
import { Check, ListPlus, Plus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import type { PlaylistSummary } from '../../contract/playlists.ts';
import { errorMessage } from '../lib/api.ts';
import {
  addSongToPlaylist,
  libraryKeys,
  refreshLibrary,
  removeSongFromPlaylist,
  useCreatePlaylist,
  useMyPlaylists,
  useSongPlaylists,
} from '../lib/library-queries.ts';
import { promptLogin } from '../lib/login-prompt.ts';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { useFocusWhenBack } from '../ui/return-focus.ts';

function songCountText(count: number): string {
  return `${count} ${count === 1 ? 'song' : 'songs'}`;
}

function PlaylistChoices({ songId }: { songId: number }) {
  const client = useQueryClient();
  const mine = useMyPlaylists();
  const holding = useSongPlaylists(songId, true);
  const create = useCreatePlaylist();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [pending, setPending] = useState<Set<number>>(new Set());
  const holdingKey = libraryKeys.songPlaylists(songId);
  // The name form goes (created, or Cancel) with the focus in it: "Create playlist" takes it.
  const createButton = useRef<HTMLButtonElement>(null);
  useFocusWhenBack(creating, createButton);

  const setHolding = (update: (list: PlaylistSummary[]) => PlaylistSummary[]) =>
    client.setQueryData<PlaylistSummary[]>(holdingKey, (list) => update(list ?? []));

  // The check mark flips at once and goes back if the server refuses.
  const toggle = async (playlist: PlaylistSummary, has: boolean) => {
    if (pending.has(playlist._id)) return;
    setPending((set) => new Set(set).add(playlist._id));
    await client.cancelQueries({ queryKey: holdingKey });
    setHolding((list) =>
      has ? list.filter((entry) => entry._id !== playlist._id) : [...list, playlist],
    );
    try {
      if (has) await removeSongFromPlaylist(playlist._id, songId);
      else await addSongToPlaylist(playlist._id, songId);
    } catch (error) {
      setHolding((list) =>
        has
          ? [...list.filter((entry) => entry._id !== playlist._id), playlist]
          : list.filter((entry) => entry._id !== playlist._id),
      );
      notify.error(
        errorMessage(
          error,
          has ? 'Failed to remove song from playlist' : 'Failed to add song to playlist',
        ),
      );
    } finally {
      setPending((set) => {
        const next = new Set(set);
        next.delete(playlist._id);
        return next;
      });
      await refreshLibrary(client);
    }
  };

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      const playlist = await create.mutateAsync({ name: trimmed });
      setCreating(false);
      setName('');
      await toggle({ ...playlist }, false);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to add playlist'));
    }
  };

  const ids = new Set((holding.data ?? []).map((entry) => entry._id));
  const playlists = mine.data ?? [];
  return (
    <>
      {creating ? (
        <form
          className="flex flex-col gap-2 border-b border-white/10 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the field is what the user just asked for
            autoFocus
            aria-label="Playlist name"
            placeholder="Playlist name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            className="rounded bg-highlight px-3 py-2 text-sm outline-none focus:ring-1 focus:ring-white"
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => {
                setCreating(false);
                setName('');
              }}
              className="rounded-full px-4 py-1.5 text-sm font-bold text-muted hover:text-white"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={!name.trim() || create.isPending}
              className="rounded-full bg-brand px-4 py-1.5 text-sm font-bold text-black disabled:opacity-50"
            >
              Create
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={createButton}
          type="button"
          onClick={() => setCreating(true)}
          className="flex w-full items-center gap-3 border-b border-white/10 px-3 py-2.5 text-left text-sm hover:bg-white/10"
        >
          <Plus className="size-4" /> Create playlist
        </button>
      )}
      {/* A group (fieldset): its choices are menu item checkboxes, which belong in one. */}
      <fieldset
        aria-label="Your playlists"
        className="max-h-72 min-w-0 overflow-y-auto border-0 py-1"
      >
        {mine.isPending && <p className="px-3 py-2 text-sm text-muted">Loading playlists…</p>}
        {mine.error && <p className="px-3 py-2 text-sm text-red-400">Failed to fetch playlists</p>}
        {!mine.isPending && playlists.length === 0 && (
          <p className="px-3 py-2 text-sm text-muted">You have no playlists yet.</p>
        )}
        {playlists.map((playlist) => {
          const has = ids.has(playlist._id);
          return (
            <button
              key={playlist._id}
              type="button"
              role="menuitemcheckbox"
              aria-checked={has}
              disabled={holding.isPending}
              onClick={() => void toggle(playlist, has)}
              className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-white/10 disabled:opacity-60"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm">{playlist.name}</span>
                <span className="block text-xs text-muted">
                  {songCountText(playlist.songCount)}
                </span>
              </span>
              <span
                className={`grid size-5 place-items-center rounded-full ${
                  has ? 'bg-brand text-black' : 'border border-muted'
                }`}
              >
                {has && <Check className="size-3.5" strokeWidth={3} aria-label="Added" />}
              </span>
            </button>
          );
        })}
      </fieldset>
    </>
  );
}

/** What the popup holds: the listener's playlists with check marks, and "Create playlist". */
export function PlaylistPanel({ songId }: { songId: number }) {
  return (
    <>
      <h2 className="px-3 pt-3 pb-2 font-bold">Add to playlist</h2>
      <PlaylistChoices songId={songId} />
    </>
  );
}

export const playlistPanelClass =
  'z-50 w-72 rounded-md bg-elevated text-white shadow-xl shadow-black/60';

const triggerClass = 'grid size-8 place-items-center rounded-full text-muted hover:text-white';

/** The player's 'Add to playlist' popup; a visitor gets the log-in prompt instead. */
export function AddToPlaylistPopup({ songId }: { songId: number }) {
  const { isAuth } = useSession();
  const [open, setOpen] = useState(false);
  if (!isAuth) {
    return (
      <button
        type="button"
        aria-label="Add to playlist"
        title="Add to playlist"
        onClick={() => promptLogin('add songs to your playlists')}
        className={triggerClass}
      >
        <ListPlus className="size-5" />
      </button>
    );
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label="Add to playlist"
          title="Add to playlist"
          className={triggerClass}
        >
          <ListPlus className="size-5" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Add to playlist"
          className={playlistPanelClass}
        >
          {open && <PlaylistPanel songId={songId} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
