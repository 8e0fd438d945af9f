import { notify } from '../../lib/toast.ts';
import { Link } from '../../ui/link.tsx';
import { CreatePlaylistLogin } from './create-playlist-login.tsx';

/**
 * What a visitor sees in the library: an invitation to create a playlist, which asks to log in.
 * In the phone's drawer the prompt opens below its button: beside it, it would run off the screen.
 */
export function LoggedOutLibrary({ inDrawer }: { inDrawer: boolean }) {
  return (
    <div className="flex flex-1 flex-col gap-4">
      <div className="rounded-lg bg-elevated p-4">
        <p className="font-bold">Create your first playlist</p>
        <p className="mt-1 text-sm text-muted">It's easy, we'll help you</p>
        <CreatePlaylistLogin side={inDrawer ? 'bottom' : 'right'}>
          <button
            type="button"
            className="mt-4 rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
          >
            Create playlist
          </button>
        </CreatePlaylistLogin>
      </div>
      <div className="rounded-lg bg-elevated p-4">
        <p className="font-bold">Let's find some podcasts to follow</p>
        <p className="mt-1 text-sm text-muted">We'll keep you updated on new episodes</p>
        <button
          type="button"
          onClick={() => notify.info('Podcasts are not part of Chorus yet')}
          className="mt-4 rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
        >
          Browse podcasts
        </button>
      </div>
      <footer className="mt-auto flex flex-wrap gap-x-4 gap-y-2 px-2 pb-2 text-xs text-muted">
        {[
          'Legal',
          'Safety & Privacy Center',
          'Privacy Policy',
          'Cookies',
          'About Ads',
          'Accessibility',
        ].map((label) => (
          <Link key={label} to="/terms&conditions" className="hover:underline">
            {label}
          </Link>
        ))}
      </footer>
    </div>
  );
}
