import { Library } from 'lucide-react';

/** SPEC §2.5. Playlists arrive with the library feature; this is the frame. */
export function LibrarySidebar() {
  return (
    <aside
      aria-label="Your Library"
      className="hidden w-72 shrink-0 flex-col gap-2 rounded-lg bg-surface p-4 md:flex"
    >
      <h2 className="flex items-center gap-2 font-bold text-muted">
        <Library className="size-6" /> Your Library
      </h2>
      <div className="mt-2 rounded-lg bg-elevated p-4">
        <p className="font-bold">Create your first playlist</p>
        <p className="mt-1 text-sm text-muted">It's easy, we'll help you</p>
      </div>
    </aside>
  );
}
