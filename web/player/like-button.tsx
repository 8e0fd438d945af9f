import { Heart } from 'lucide-react';
import { errorMessage } from '../lib/api.ts';
import { useLikedIds, useToggleLike } from '../lib/library-queries.ts';
import { promptLogin } from '../lib/login-prompt.ts';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';

export interface Likes {
  isLiked(songId: number): boolean;
  /** Flips a song at once; the heart reverts with a toast if the server refuses. */
  toggle(songId: number): void;
}

/**
 * What every heart needs: the listener's liked ids and the toggle. A song list calls it once and
 * hands the result to its rows' `LikeToggle`s, so a screenful of rows costs one query observer
 * and one mutation, not one of each per row.
 */
export function useLikes(): Likes {
  const { isAuth } = useSession();
  const liked = useLikedIds();
  const toggle = useToggleLike();
  // A query's data outlives a logout until it is fetched again: a visitor likes nothing.
  const isLiked = (songId: number) => isAuth && (liked.data?.has(songId) ?? false);
  return {
    isLiked,
    toggle(songId) {
      if (!isAuth) {
        promptLogin('save songs to Liked Songs');
        return;
      }
      // mutateAsync: each call's failure is told (mutate's own callbacks fire for the last only).
      toggle
        .mutateAsync({ songId, like: !isLiked(songId) })
        .catch((error: unknown) =>
          notify.error(errorMessage(error, 'Could not update Liked Songs')),
        );
    },
  };
}

/** The heart of one song, given the shared `likes`. */
export function LikeToggle({
  likes,
  songId,
  title,
  size = 'md',
}: {
  likes: Likes;
  songId: number;
  title: string;
  size?: 'sm' | 'md';
}) {
  const isLiked = likes.isLiked(songId);
  const icon = size === 'sm' ? 'size-4' : 'size-5';
  return (
    <button
      type="button"
      aria-label={isLiked ? `Remove ${title} from Liked Songs` : `Save ${title} to Liked Songs`}
      aria-pressed={isLiked}
      title={isLiked ? 'Remove from Liked Songs' : 'Save to Liked Songs'}
      onClick={() => likes.toggle(songId)}
      className={`grid size-8 place-items-center rounded-full ${
        isLiked ? 'text-brand' : 'text-muted hover:text-white'
      }`}
    >
      <Heart className={`${icon} ${isLiked ? 'fill-current' : ''}`} />
    </button>
  );
}

/** The heart: adds a song to Liked Songs or takes it out; flips at once, reverts on failure. */
export function LikeButton(props: { songId: number; title: string; size?: 'sm' | 'md' }) {
  return <LikeToggle likes={useLikes()} {...props} />;
}
