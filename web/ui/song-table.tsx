import { Clock3, GripVertical } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Song } from '../../contract/catalog.ts';
import { LikeToggle, useLikes } from '../player/like-button.tsx';
import { listOnPage, playingFrom } from '../player/player-store.ts';
import { SongMenuButton, useSongMenuGestures } from '../player/song-menu-trigger.tsx';
import { CoverImage } from './cover-image.tsx';
import { type FocusedRow, focusInRow, rowTakingFocus, sameControlLabel } from './row-focus.ts';
import { RowPlayCell } from './row-play-cell.tsx';
import { AlbumLink, ArtistLinks } from './song-credits.tsx';
import { useRowWindow } from './virtual-rows.ts';

export const SONG_ROW_HEIGHT = 56;

export interface SongTableProps {
  songs: Song[];
  /** The song the player holds, and whether it is playing. */
  currentId: number | null;
  isPlaying: boolean;
  onToggle(index: number): void;
  /** Extra controls at the end of a row, before its heart and "⋯" (song menu) button. */
  renderActions?(song: Song, index: number): ReactNode;
  /** The playlist the rows belong to, when the listener owns it: their menus can remove them. */
  playlistId?: number;
  /** When given, rows can be dragged, or moved with the arrow keys on their handle. */
  onMove?(songId: number, toIndex: number): void;
  /** The list's accessible name. */
  label: string;
  /**
   * What the queue calls the list ("Next from: …") when a row starts it: the album, artist or
   * genre itself, as Spotify names it, rather than the label's "Songs of …"; else the label.
   */
  queueName?: string;
  /**
   * How many songs the list has when `songs` holds only the first of them (the rest still
   * arriving): the list is sized for all, and rows not yet here show as placeholders.
   */
  total?: number;
  /**
   * Whether rows show their album; false on an album's own page, where every row's album is the
   * page's, as on Spotify.
   */
  albumColumn?: boolean;
}

/*
 * Below 768 px a row is number, song and actions (album and duration give way to the title), and
 * the whole row is its play button, as a tap on a phone expects.
 */
const gridWithAlbum =
  'grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-3 md:grid-cols-[2rem_minmax(0,4fr)_minmax(0,3fr)_4rem_auto] md:gap-4';
/** Without the album, the title takes its room. */
const gridWithoutAlbum =
  'grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-3 md:grid-cols-[2rem_minmax(0,1fr)_4rem_auto] md:gap-4';
const wideOnly = 'hidden md:block';
/** Controls that show, with a mouse on a wide screen, when the row is hovered or holds the focus. */
const revealed =
  'md:pointer-fine:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100';

/**
 * A song list that renders only the rows on screen, so long playlists open at once. Each row
 * shows number, cover, title, artist, album ('Unknown Album' without one) unless `albumColumn` is
 * false, and duration.
 */
export function SongTable({
  songs,
  currentId,
  isPlaying,
  onToggle,
  renderActions,
  onMove,
  label,
  queueName = label,
  total,
  playlistId,
  albumColumn = true,
}: SongTableProps) {
  const likes = useLikes();
  const grid = albumColumn ? gridWithAlbum : gridWithoutAlbum;
  const play = (index: number) => playingFrom(listOnPage(queueName), () => onToggle(index));
  const menuGestures = useSongMenuGestures();
  const count = Math.max(total ?? 0, songs.length);
  const rows = useRowWindow(count, SONG_ROW_HEIGHT);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const focusAfterMove = useRef<number | null>(null);
  const body = useRef<HTMLElement | null>(null);
  /** The row holding the focus, while it does. */
  const focusedRow = useRef<FocusedRow | null>(null);

  // Keyboard moves keep the focus on the moved song's handle, wherever it lands.
  useEffect(() => {
    const id = focusAfterMove.current;
    if (id === null) return;
    const handle = body.current?.querySelector<HTMLButtonElement>(`[data-handle="${id}"]`);
    if (handle) {
      handle.focus();
      focusAfterMove.current = null;
    }
  });

  // A row that leaves the list with the focus hands it to the row taking its place.
  useLayoutEffect(() => {
    const left = focusedRow.current;
    if (!left || songs.some((song) => song._id === left.songId)) return;
    focusedRow.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const next = rowTakingFocus(songs, left);
    const row = next && body.current?.querySelector<HTMLElement>(`[data-song-id="${next._id}"]`);
    if (row) focusInRow(row, sameControlLabel(left, next.title));
  }, [songs]);

  const visible = songs.slice(rows.start, rows.end);
  // Indices on screen whose songs have not arrived yet.
  const pending: number[] = [];
  for (let index = Math.max(rows.start, songs.length); index < rows.end; index++) {
    pending.push(index);
  }
  return (
    <div className="px-2 md:px-6">
      <div
        aria-hidden
        className={`${grid} border-b border-white/10 px-4 py-2 text-sm text-muted max-md:hidden`}
      >
        <span className="text-right">#</span>
        <span>Title</span>
        {albumColumn && <span>Album</span>}
        <span className="flex justify-end">
          <Clock3 className="size-4" />
        </span>
        <span className="w-36" />
      </div>
      <ol
        ref={(element) => {
          body.current = element;
          rows.ref(element);
        }}
        aria-label={label}
        className="relative mt-2"
        style={{ height: rows.totalHeight }}
      >
        {visible.map((song, offset) => {
          const index = rows.start + offset;
          const current = song._id === currentId;
          const playing = current && isPlaying;
          const liked = likes.isLiked(song._id);
          return (
            <li
              {...menuGestures({ song, playlistId })}
              key={song._id}
              data-testid="song-row"
              data-song-id={song._id}
              draggable={Boolean(onMove)}
              onDragStart={(event) => {
                setDragging(song._id);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(song._id));
              }}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== null && onMove && dragging !== song._id) onMove(dragging, index);
                setDragging(null);
                setOver(null);
              }}
              onFocus={(event) => {
                focusedRow.current = {
                  songId: song._id,
                  index,
                  title: song.title,
                  label: event.target.getAttribute('aria-label'),
                };
              }}
              onBlur={(event) => {
                // Focus moved elsewhere (not the row leaving with it, which keeps it for above).
                if (event.currentTarget.contains(event.relatedTarget)) return;
                if (event.target.isConnected) focusedRow.current = null;
              }}
              onDoubleClick={() => play(index)}
              className={`${grid} group absolute inset-x-0 rounded px-2 [-webkit-touch-callout:none] hover:bg-white/10 pointer-coarse:select-none md:px-4 ${
                over === index && dragging !== song._id ? 'ring-1 ring-brand' : ''
              } ${dragging === song._id ? 'opacity-50' : ''}`}
              style={{
                height: SONG_ROW_HEIGHT,
                transform: `translateY(${index * SONG_ROW_HEIGHT}px)`,
              }}
            >
              <RowPlayCell
                number={index + 1}
                title={song.title}
                current={current}
                playing={playing}
                onToggle={() => play(index)}
              />
              <span className="flex min-w-0 items-center gap-3">
                <CoverImage
                  src={song.coverImage}
                  alt=""
                  sizes="40px"
                  className="size-10 shrink-0 rounded object-cover"
                />
                <span className="min-w-0">
                  <span
                    className={`block truncate ${current ? 'text-brand' : 'text-white'}`}
                    data-testid="song-title"
                  >
                    {song.title}
                  </span>
                  <span className="block truncate text-sm text-muted">
                    <ArtistLinks song={song} />
                  </span>
                </span>
              </span>
              {albumColumn && (
                <span className={`truncate text-sm text-muted ${wideOnly}`}>
                  <AlbumLink song={song} />
                </span>
              )}
              <span className={`text-right text-sm tabular-nums text-muted ${wideOnly}`}>
                {song.duration}
              </span>
              {/* Above the row-wide play button of small screens. */}
              <span className="relative flex items-center justify-end gap-1 md:w-36">
                {renderActions?.(song, index)}
                {/* As on Spotify: the heart shows on hover or focus, or once the song is liked. */}
                <span className={liked ? '' : `${revealed} max-md:hidden`}>
                  <LikeToggle likes={likes} songId={song._id} title={song.title} size="sm" />
                </span>
                <SongMenuButton
                  target={{ song, playlistId }}
                  className={`grid size-8 place-items-center rounded-full text-muted hover:text-white aria-expanded:opacity-100 ${revealed}`}
                />
                {onMove && (
                  <button
                    type="button"
                    data-handle={song._id}
                    aria-label={`Move ${song.title}`}
                    title="Drag, or use the arrow keys, to move"
                    onKeyDown={(event) => {
                      const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
                      if (step === 0) return;
                      event.preventDefault();
                      const target = index + step;
                      if (target < 0 || target >= count) return;
                      focusAfterMove.current = song._id;
                      onMove(song._id, target);
                    }}
                    className="grid size-8 cursor-grab place-items-center text-muted hover:text-white"
                  >
                    <GripVertical className="size-4" />
                  </button>
                )}
              </span>
            </li>
          );
        })}
        {pending.map((index) => (
          <li
            key={`pending-${index}`}
            aria-hidden
            data-testid="song-row-pending"
            className={`${grid} absolute inset-x-0 px-2 md:px-4`}
            style={{
              height: SONG_ROW_HEIGHT,
              transform: `translateY(${index * SONG_ROW_HEIGHT}px)`,
            }}
          >
            <span className="text-right tabular-nums text-muted">{index + 1}</span>
            <span className="flex min-w-0 items-center gap-3">
              <span className="size-10 shrink-0 animate-pulse rounded bg-white/10" />
              <span className="h-3 w-1/2 animate-pulse rounded bg-white/10" />
            </span>
            {albumColumn && (
              <span className={`h-3 w-1/3 animate-pulse rounded bg-white/10 ${wideOnly}`} />
            )}
            <span className={wideOnly} />
            <span className="md:w-36" />
          </li>
        ))}
      </ol>
    </div>
  );
}
