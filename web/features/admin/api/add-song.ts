import type { Song } from '../../../../contract/catalog.ts';
import { uploadForm } from './upload.ts';

export interface NewSong {
  title: string;
  artist: string;
  genre: string;
  duration: string;
  status: 'Active' | 'Inactive';
  audioFile: File;
  imageFile: File;
}

export function addSong(song: NewSong, onProgress: (share: number) => void) {
  const form = new FormData();
  form.set('title', song.title);
  form.set('artist', song.artist);
  form.set('genre', song.genre);
  form.set('duration', song.duration);
  form.set('status', song.status);
  form.set('audioFile', song.audioFile);
  form.set('imageFile', song.imageFile);
  return uploadForm<Song>('POST', '/admin/addSongs', form, onProgress);
}
