import { Heart } from 'lucide-react';
import { errorMessage } from '../lib/api.ts';
import { useLikedIds, useToggleLike } from '../lib/library-queries.ts';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';

/** The heart: adds a song to Liked Songs or takes it out; flips at once, reverts on failure. */
export function LikeButton({
  songId,
  title,
  size = 'md',
}: {
  songId: number;
  title: string;
  size?: 'sm' | 'md';
}) {
  const { isAuth } = useSession();
  const liked = useLikedIds();
  const toggle = useToggleLike();
  const isLiked = liked.data?.has(songId) ?? false;
  const icon = size === 'sm' ? 'size-4' : 'size-5';
  return (
    <button
      type="button"
      aria-label={isLiked ? `Remove ${title} from Liked Songs` : `Save ${title} to Liked Songs`}
      aria-pressed={isLiked}
      title={isLiked ? 'Remove from Liked Songs' : 'Save to Liked Songs'}
      onClick={() => {
        if (!isAuth) {
          notify.info('Please log in to save songs to Liked Songs');
          return;
        }
        toggle.mutate(
          { songId, like: !isLiked },
          { onError: (error) => notify.error(errorMessage(error, 'Could not update Liked Songs')) },
        );
      }}
      className={`grid size-8 place-items-center rounded-full ${
        isLiked ? 'text-brand' : 'text-muted hover:text-white'
      }`}
    >
      <Heart className={`${icon} ${isLiked ? 'fill-current' : ''}`} />
    </button>
  );
}
