import { useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Mic2, Pencil, Plus, UserCheck, UserX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCount } from '../../../contract/rules/format.ts';
import { errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { CoverImage } from '../../ui/cover-image.tsx';
import { Link } from '../../ui/link.tsx';
import { type ArtistsParams, useAdminArtists } from './api/get-artists.ts';
import { adminKeys } from './api/keys.ts';
import { toggleDisableArtist } from './api/update-artist.ts';
import { AddArtistModal } from './components/add-artist-modal.tsx';
import { AdminTable } from './components/admin-table.tsx';
import {
  LoadErrorBanner,
  PageHeader,
  Pager,
  primaryButton,
  SearchInput,
  StatCard,
  selectClass,
  useDebounced,
} from './components/admin-ui.tsx';
import { listState } from './components/artist-list-address.ts';
import { pageFrom } from './components/paging.ts';
import { usePendingActions } from './components/pending-actions.ts';

const LIMIT = 20;
const STATUSES = ['all', 'active', 'disabled'] as const;

/** The status filter an address names; any other is every artist. */
function statusFrom(text: string | null): ArtistsParams['status'] {
  return STATUSES.find((status) => status === text) ?? 'all';
}

/**
 * Artists: four stat cards, search, status filter, table, add, enable/disable, edit. The search,
 * filter and page are in the address, so Save, Cancel and Back on an artist's edit page, and a
 * reload, return to the list as the admin left it.
 */
export function ArtistsPage() {
  const [params, setParams] = useSearchParams();
  const adding = params.get('add') === '1';
  const q = (params.get('q') ?? '').trim();
  const status = statusFrom(params.get('status'));
  const page = pageFrom(params.get('page'));
  const [search, setSearch] = useState(q);
  const typed = useRef(false);
  const typedQuery = useDebounced(search.trim());
  const artists = useAdminArtists({ q, status, page, limit: LIMIT });
  const queryClient = useQueryClient();
  const pending = usePendingActions<number>();
  // Where focus goes when the Add Artist dialog closes and nothing opened it (the address did).
  const heading = useRef<HTMLHeadingElement>(null);

  /** Sets the address's `changes` (null takes one away), in place of the current entry. */
  function changeAddress(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  }

  function setAdding(open: boolean) {
    changeAddress({ add: open ? '1' : null });
  }

  // Back and links change the address: the box follows, unless the admin is typing in it.
  useEffect(() => {
    if (!typed.current) setSearch((current) => (current.trim() === q ? current : q));
  }, [q]);
  // Typing reaches the address once it pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the typed words settle, and reads the address as it is then
  useEffect(() => {
    if (!typed.current || typedQuery !== search.trim()) return;
    typed.current = false;
    if (typedQuery !== q) changeAddress({ q: typedQuery || null });
  }, [typedQuery, search]);

  /** Pending until the list shows the outcome, so a second press cannot send it again. */
  function toggle(id: number, isDisabled: boolean) {
    return pending.run(id, async () => {
      try {
        await toggleDisableArtist(id, isDisabled);
      } catch (error) {
        notify.error(`Error: ${errorMessage(error, 'Failed to perform action')}`);
      }
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['catalog'] });
    });
  }

  const stats = artists.data?.stats;
  const list = artists.data?.items ?? [];
  return (
    <div>
      <PageHeader
        title="Artists"
        headingRef={heading}
        action={
          <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
            <Plus className="size-4" /> Add New Artist
          </button>
        }
      />
      <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Artists" value={stats?.total} icon={Mic2} />
        <StatCard label="Active Artists" value={stats?.active} icon={UserCheck} />
        <StatCard label="Disabled Artists" value={stats?.disabled} icon={UserX} />
        <StatCard label="Added in Last 30 Days" value={stats?.recent} icon={CalendarPlus} />
      </div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          label="Search artists"
          placeholder="Search by name or email..."
          value={search}
          onChange={(value) => {
            typed.current = true;
            setSearch(value);
            // New words start at the first page, as soon as they are typed.
            if (page > 1) changeAddress({ page: null });
          }}
        />
        <select
          aria-label="Filter by status"
          className={selectClass}
          value={status}
          onChange={(event) => {
            const chosen = statusFrom(event.target.value);
            changeAddress({ status: chosen === 'all' ? null : chosen, page: null });
          }}
        >
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="disabled">Disabled</option>
        </select>
        <p className="text-sm text-muted">
          Showing {formatCount(list.length)} of {formatCount(artists.data?.total ?? 0)} artists
        </p>
      </div>
      <LoadErrorBanner query={artists} label="Error loading artists" />
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <AdminTable
          columns={['Artist', 'Email', 'Songs', 'Status', 'Created', 'Actions']}
          loading={artists.isPending}
          failed={artists.isError}
          empty={list.length === 0}
          loadingText="Loading artists..."
          emptyText="No artists found"
        >
          {list.map((artist) => (
            <tr key={artist._id} className="border-t border-white/5" data-testid="artist-row">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <CoverImage
                    src={artist.image}
                    alt=""
                    sizes="40px"
                    fallback="/default-profile.svg"
                    className="size-10 rounded-full object-cover"
                  />
                  <span className="font-medium">{artist.name}</span>
                </div>
              </td>
              <td className="px-4 py-3 text-muted">{artist.email ?? '—'}</td>
              <td className="px-4 py-3 tabular-nums">{artist.artworks}</td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-1 text-xs font-semibold ${artist.isDisabled ? 'bg-red-500/15 text-red-300' : 'bg-brand/15 text-brand'}`}
                >
                  {artist.isDisabled ? 'Disabled' : 'Active'}
                </span>
              </td>
              <td className="px-4 py-3 text-muted">
                {new Date(artist.createdAt).toLocaleDateString()}
              </td>
              <td className="px-4 py-3">
                <div className="flex gap-2">
                  <button
                    type="button"
                    // Named with its artist, as a list of "Disable" buttons reads to a screen reader.
                    aria-label={`${artist.isDisabled ? 'Enable' : 'Disable'} ${artist.name}`}
                    aria-busy={pending.isPending(artist._id)}
                    aria-disabled={pending.isPending(artist._id)}
                    onClick={() => toggle(artist._id, !artist.isDisabled)}
                    className={`rounded-full px-3 py-1 text-xs font-semibold aria-disabled:opacity-50 ${artist.isDisabled ? 'bg-brand text-black' : 'bg-red-600 text-white'}`}
                  >
                    {artist.isDisabled ? 'Enable' : 'Disable'}
                  </button>
                  <Link
                    to={`/admin_artist_edit/${artist._id}`}
                    state={listState(params)}
                    aria-label={`Edit ${artist.name}`}
                    className="inline-flex items-center gap-1 rounded-full bg-white/10 px-3 py-1 text-xs hover:bg-white/20"
                  >
                    <Pencil className="size-3" /> Edit
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
      <Pager
        page={page}
        limit={LIMIT}
        total={artists.data?.total}
        onPage={(next) => changeAddress({ page: next > 1 ? String(next) : null })}
      />
      <AddArtistModal open={adding} onClose={() => setAdding(false)} returnFocusTo={heading} />
    </div>
  );
}
