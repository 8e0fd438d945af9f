import type { Song } from '../../../../contract/catalog.ts';
import { api } from '../../../lib/api.ts';

type SongResponse = { message: string; song: Song };

export function toggleDeleted(id: number) {
  return api<SongResponse>(`/admin/toggleDeleted/${id}`, { method: 'PATCH' });
}

export function setSongStatus(id: number, status: 'Active' | 'Inactive') {
  return api<SongResponse>(`/admin/songs/${id}/status`, { method: 'PATCH', body: { status } });
}

export function updateSong(
  id: number,
  changes: { title: string; genre: string; artist: number[]; image: File | null },
) {
  const form = new FormData();
  form.set('title', changes.title);
  form.set('genre', changes.genre);
  form.set('artist', changes.artist.join(','));
  if (changes.image) form.set('imageFile', changes.image);
  return api<SongResponse>(`/admin/songs/${id}`, { method: 'PATCH', body: form });
}
