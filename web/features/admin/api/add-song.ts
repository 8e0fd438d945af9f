import type { Song } from '../../../../contract/catalog.ts';
import { uploadForm } from './upload.ts';

export interface NewSong {
  title: string;
  /** Artist ids, in credit order. */
  artists: number[];
  genre: string;
  /** m:ss as the browser measured it, or '' (the server measures the file anyway). */
  duration: string;
  status: 'Active' | 'Inactive';
  /** An existing album, a new album's title, or none. */
  album: { id: number } | { title: string } | null;
  audioFile: File;
  imageFile: File;
}

export function addSong(song: NewSong, onProgress: (share: number) => void) {
  const form = new FormData();
  form.set('title', song.title);
  form.set('artist', song.artists.join(','));
  form.set('genre', song.genre);
  if (song.duration) form.set('duration', song.duration);
  form.set('status', song.status);
  if (song.album && 'id' in song.album) form.set('albumId', String(song.album.id));
  if (song.album && 'title' in song.album) form.set('albumTitle', song.album.title);
  form.set('audioFile', song.audioFile);
  form.set('imageFile', song.imageFile);
  return uploadForm<Song>('POST', '/admin/addSongs', form, onProgress);
}
