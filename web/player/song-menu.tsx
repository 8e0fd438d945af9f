import { Popover } from 'radix-ui';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../lib/api.ts';
import { copyText } from '../lib/clipboard.ts';
import { refreshLibrary, removeSongFromPlaylist } from '../lib/library-queries.ts';
import { promptLogin } from '../lib/login-prompt.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { useMenuDismiss } from '../ui/menu.tsx';
import { type MenuEntry, MenuList } from '../ui/menu-list.tsx';
import { PlaylistPanel, playlistPanelClass } from './add-to-playlist-popup.tsx';
import { useLikes } from './like-button.tsx';
import type { PlayerSong } from './player-state.ts';
import { usePlayer } from './player-store.ts';
import { closeSongMenu, openSongMenu, type SongMenuRequest } from './song-menu-request.ts';

/**
 * The page "Copy song link" copies: Chorus has no page per song, so it is the song's album, else
 * its first artist's page (both show the song), else the home page.
 */
export function songLink(song: PlayerSong, origin: string): string {
  if (song.album) return `${origin}/album/${song.album._id}`;
  const artist = song.artist[0];
  if (artist) return `${origin}/viewArtistSongs/${artist._id}`;
  return `${origin}/`;
}

async function copyLink(song: PlayerSong): Promise<void> {
  if (await copyText(songLink(song, window.location.origin))) notify.success('Link copied');
  else notify.error('Could not copy the link');
}

async function removeFromPlaylist(playlistId: number, song: PlayerSong): Promise<void> {
  try {
    await removeSongFromPlaylist(playlistId, song._id);
    notify.success('Removed from playlist');
  } catch (error) {
    notify.error(errorMessage(error, 'Failed to remove song from playlist'));
  } finally {
    await refreshLibrary(queryClient);
  }
}

/** The one song menu of every row and player (see song-menu-request.ts), loaded on first use. */
export function SongMenu({ request }: { request: SongMenuRequest }) {
  return request.view === 'playlists' ? (
    <PlaylistChooser request={request} />
  ) : (
    <SongActions request={request} />
  );
}

function SongActions({ request }: { request: SongMenuRequest }) {
  const navigate = useNavigate();
  const likes = useLikes();
  const { isAuth } = useSession();
  const { song, playlistId } = request;
  const opener = useRef(request.opener);
  opener.current = request.opener;
  const closeOutside = useCallback(() => closeSongMenu(false), []);
  useMenuDismiss(true, closeOutside, opener);

  const player = usePlayer.getState();
  const artists = song.artist.filter((artist) => artist.name);
  const toArtist = (id: number) => navigate(`/viewArtistSongs/${id}`);
  const items: MenuEntry[] = [
    {
      label: 'Add to playlist',
      onSelect: () =>
        isAuth
          ? openSongMenu({ ...request, view: 'playlists' })
          : promptLogin('add songs to your playlists'),
    },
    ...(playlistId
      ? [
          {
            label: 'Remove from this playlist',
            onSelect: () => void removeFromPlaylist(playlistId, song),
          },
        ]
      : []),
    {
      label: likes.isLiked(song._id) ? 'Remove from Liked Songs' : 'Save to Liked Songs',
      onSelect: () => likes.toggle(song._id),
    },
    {
      label: 'Add to queue',
      separated: true,
      onSelect: () => {
        player.addToQueue(song);
        notify.success('Added to queue');
      },
    },
    {
      label: 'Play next',
      onSelect: () => {
        player.playNext(song);
        notify.success('Playing next');
      },
    },
  ];
  const artistOne = artists[0];
  if (artists.length > 1) {
    items.push({
      label: 'Go to artist',
      separated: true,
      submenu: artists.map((artist) => ({
        label: artist.name,
        onSelect: () => toArtist(artist._id),
      })),
    });
  } else if (artistOne) {
    items.push({ label: 'Go to artist', separated: true, onSelect: () => toArtist(artistOne._id) });
  }
  const album = song.album;
  if (album) {
    items.push({
      label: 'Go to album',
      separated: artists.length === 0,
      onSelect: () => navigate(`/album/${album._id}`),
    });
  }
  items.push({ label: 'Copy song link', separated: true, onSelect: () => void copyLink(song) });

  return (
    <MenuList
      label={`Options for ${song.title}`}
      items={items}
      place={request.place}
      initialFocus="first"
      onClose={closeSongMenu}
      onCloseAll={closeSongMenu}
    />
  );
}

/** "Add to playlist" from the menu: the player's popup, where the menu was. */
function PlaylistChooser({ request }: { request: SongMenuRequest }) {
  const { place } = request;
  const fromRight = place.left === undefined;
  const left = place.left ?? document.documentElement.clientWidth - (place.right ?? 0);
  return (
    <Popover.Root
      open
      onOpenChange={(open) => {
        if (!open) closeSongMenu(true);
      }}
    >
      <Popover.Anchor asChild>
        <span
          aria-hidden
          style={{ position: 'fixed', top: place.top, left, width: 0, height: 0 }}
        />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align={fromRight ? 'end' : 'start'}
          collisionPadding={8}
          aria-label="Add to playlist"
          onCloseAutoFocus={(event) => event.preventDefault()}
          className={playlistPanelClass}
        >
          <PlaylistPanel songId={request.song._id} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
