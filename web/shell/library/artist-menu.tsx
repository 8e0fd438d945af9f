import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import type { Artist } from '../../../contract/catalog.ts';
import { useFollowArtist } from '../../lib/follow-artist.ts';
import { itemClass, RowMenu, type RowMenuProps } from './row-menu.tsx';

/** A followed artist's "More options" in the library: go to the artist, unfollow. */
export function ArtistMenu({
  artist,
  onNavigate,
  ...menu
}: RowMenuProps & { artist: Pick<Artist, '_id' | 'name'>; onNavigate(): void }) {
  const follow = useFollowArtist(artist._id);
  const navigate = useNavigate();
  return (
    <RowMenu label={`More options for ${artist.name}`} {...menu}>
      <DropdownMenu.Item
        onSelect={() => {
          onNavigate();
          navigate(`/viewArtistSongs/${artist._id}`);
        }}
        className={itemClass}
      >
        Go to artist
      </DropdownMenu.Item>
      <DropdownMenu.Item
        onSelect={() => follow.mutate(false)}
        disabled={follow.isPending}
        className={itemClass}
      >
        Unfollow
      </DropdownMenu.Item>
    </RowMenu>
  );
}
