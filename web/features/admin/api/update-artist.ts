import type { AdminArtist, OriginalClientAdminArtist } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api.ts';

export function addArtist(artist: {
  name: string;
  description: string;
  email: string;
  imageFile: File;
}) {
  const form = new FormData();
  form.set('name', artist.name);
  form.set('description', artist.description);
  if (artist.email) form.set('email', artist.email);
  form.set('imageFile', artist.imageFile);
  return api<{ message: string; artist: AdminArtist }>('/admin/addArtist', {
    method: 'POST',
    body: form,
  });
}

export function toggleDisableArtist(id: number, isDisabled: boolean) {
  return api<{ message: string; artist: AdminArtist }>(`/admin/toggleDisableArtist/${id}`, {
    method: 'PATCH',
    body: { isDisabled },
  });
}

export function updateArtist(
  id: number,
  changes: { name: string; description: string; imageFile: File | null },
) {
  const form = new FormData();
  form.set('name', changes.name);
  form.set('description', changes.description);
  if (changes.imageFile) form.set('imageFile', changes.imageFile);
  return api<{ message: string; data: OriginalClientAdminArtist }>(`/admin/updatedArtist/${id}`, {
    method: 'PATCH',
    body: form,
  });
}
