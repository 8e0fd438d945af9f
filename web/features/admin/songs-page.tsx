import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Song } from '../../../contract/catalog.ts';
import { errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CoverImage } from '../../ui/cover-image.tsx';
import { type SongFilter, useAdminSongs } from './api/get-songs.ts';
import { adminKeys } from './api/keys.ts';
import { setSongStatus, toggleDeleted } from './api/update-song.ts';
import { AddSongForm } from './components/add-song-form.tsx';
import { AdminTable } from './components/admin-table.tsx';
import {
  LoadErrorBanner,
  PageHeader,
  Pager,
  primaryButton,
  SearchInput,
  useDebounced,
} from './components/admin-ui.tsx';
import { EditSongDialog } from './components/edit-song-dialog.tsx';
import { usePendingActions } from './components/pending-actions.ts';

const LIMIT = 20;

/** A song row's controls; while one's request runs, the others wait (pending-actions.ts). */
type SongControl = 'status' | 'restore' | 'edit' | 'delete';
const FILTERS: { value: SongFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'deleted', label: 'Deleted' },
];

/** Songs: search, 'Add New Song', 'All Songs' with status, edit, delete and restore. */
export function SongsPage() {
  const [params, setParams] = useSearchParams();
  const adding = params.get('add') === '1';
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<SongFilter>('all');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const songs = useAdminSongs({ q, status: filter, page, limit: LIMIT });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Song | null>(null);
  const [deleting, setDeleting] = useState<Song | null>(null);
  const pending = usePendingActions<number, SongControl>();
  // Where focus goes after a delete, which takes the row and its Delete button away.
  const listHeading = useRef<HTMLHeadingElement>(null);

  function setAdding(open: boolean) {
    const next = new URLSearchParams(params);
    if (open) next.set('add', '1');
    else next.delete('add');
    setParams(next, { replace: true });
  }

  /** A song's action, pending until the list shows its outcome; false when one already was. */
  function act(
    songId: number,
    control: SongControl,
    action: () => Promise<unknown>,
  ): Promise<boolean> {
    return pending.run(
      songId,
      async () => {
        try {
          await action();
          await queryClient.invalidateQueries({ queryKey: adminKeys.all });
          await queryClient.invalidateQueries({ queryKey: ['catalog'] });
        } catch (error) {
          notify.error(`Error: ${errorMessage(error, 'Failed to perform action')}`);
        }
      },
      control,
    );
  }

  const list = songs.data?.songs ?? [];
  const counts = songs.data?.counts;
  return (
    <div>
      <PageHeader
        title="Songs"
        action={
          !adding && (
            <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
              <Plus className="size-4" /> Add New Song
            </button>
          )
        }
      />
      {adding && <AddSongForm onClose={() => setAdding(false)} />}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          label="Search songs"
          placeholder="Search by title or artist..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <div role="tablist" aria-label="Filter songs" className="flex flex-wrap gap-2">
          {FILTERS.map((option) => (
            <button
              key={option.value}
              type="button"
              role="tab"
              aria-selected={filter === option.value}
              onClick={() => {
                setFilter(option.value);
                setPage(1);
              }}
              className={`rounded-full px-3 py-1 text-sm ${filter === option.value ? 'bg-white text-black' : 'bg-white/10 hover:bg-white/20'}`}
            >
              {option.label}
              {counts ? ` (${counts[option.value]})` : ''}
            </button>
          ))}
        </div>
      </div>
      <LoadErrorBanner query={songs} label="Error" />
      <section aria-label="All Songs" className="rounded-xl border border-white/10">
        <h2
          ref={listHeading}
          tabIndex={-1}
          className="border-b border-white/10 px-4 py-3 font-semibold outline-none"
        >
          All Songs ({songs.data?.total ?? 0})
        </h2>
        <div className="overflow-x-auto">
          <AdminTable
            columns={['Song Details', 'Genre', 'Duration', 'Status', 'Actions']}
            loading={songs.isPending}
            failed={songs.isError}
            empty={list.length === 0}
            loadingText="Loading songs..."
            emptyText="No songs found"
          >
            {list.map((song) => (
              <tr key={song._id} className="border-t border-white/5" data-testid="song-row">
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <CoverImage
                      src={song.coverImage}
                      alt=""
                      sizes="40px"
                      className="size-10 rounded object-cover"
                    />
                    <div className="min-w-0">
                      <p className="truncate font-medium">{song.title}</p>
                      <p className="truncate text-xs text-muted">
                        {song.artistName || 'Unknown Artist'}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3">{song.genre}</td>
                <td className="px-4 py-3 tabular-nums">{song.duration}</td>
                <td className="px-4 py-3">
                  {song.isDeleted ? (
                    <span className="rounded-full bg-white/10 px-2 py-1 text-xs text-muted">
                      Deleted
                    </span>
                  ) : (
                    <button
                      type="button"
                      title="Switch status"
                      aria-label={`Status of ${song.title}: ${song.status}`}
                      {...pending.controlState(song._id, 'status')}
                      onClick={() =>
                        act(song._id, 'status', () =>
                          setSongStatus(song._id, song.status === 'Active' ? 'Inactive' : 'Active'),
                        )
                      }
                      className={`rounded-full px-2 py-1 text-xs font-semibold disabled:opacity-50 aria-disabled:opacity-50 ${song.status === 'Active' ? 'bg-brand/15 text-brand' : 'bg-yellow-500/15 text-yellow-300'}`}
                    >
                      {song.status}
                    </button>
                  )}
                </td>
                <td className="px-4 py-3">
                  <div className="flex gap-2">
                    {song.isDeleted ? (
                      <button
                        type="button"
                        aria-label={`Restore ${song.title}`}
                        {...pending.controlState(song._id, 'restore')}
                        onClick={() => act(song._id, 'restore', () => toggleDeleted(song._id))}
                        className="inline-flex items-center gap-1 rounded-full bg-white/10 px-3 py-1 text-xs hover:bg-white/20 aria-disabled:opacity-50"
                      >
                        <RotateCcw className="size-3" /> Restore
                      </button>
                    ) : (
                      <>
                        <button
                          type="button"
                          aria-label={`Edit ${song.title}`}
                          {...pending.controlState(song._id, 'edit')}
                          onClick={() => setEditing(song)}
                          className="inline-flex items-center gap-1 rounded-full bg-white/10 px-3 py-1 text-xs hover:bg-white/20 disabled:opacity-50"
                        >
                          <Pencil className="size-3" /> Edit
                        </button>
                        <button
                          type="button"
                          aria-label={`Delete ${song.title}`}
                          {...pending.controlState(song._id, 'delete')}
                          onClick={() => setDeleting(song)}
                          className="inline-flex items-center gap-1 rounded-full bg-red-500/15 px-3 py-1 text-xs text-red-300 hover:bg-red-500/25 disabled:opacity-50 aria-disabled:opacity-50"
                        >
                          <Trash2 className="size-3" /> Delete
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      </section>
      <Pager page={page} limit={LIMIT} total={songs.data?.total} onPage={setPage} />
      {editing && <EditSongDialog song={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Are you sure you want to delete this song?"
        description="You can restore it later from the Deleted filter."
        confirmLabel="Delete"
        busy={deleting !== null && pending.isPending(deleting._id)}
        // Open until the list no longer shows the song, so focus, returning as it closes, finds
        // its Delete button gone and goes to the list's heading.
        onConfirm={async () => {
          if (!deleting) return;
          if (await act(deleting._id, 'delete', () => toggleDeleted(deleting._id))) {
            setDeleting(null);
          }
        }}
        returnFocusTo={listHeading}
      />
    </div>
  );
}
