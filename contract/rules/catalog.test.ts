import { describe, expect, it } from 'vitest';
import {
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES,
  imageTypeProblem,
  MAX_IMAGE_BYTES,
  tooLargeMessage,
  uploadProblem,
} from './catalog.ts';

describe('imageTypeProblem', () => {
  it('takes JPEG, PNG, GIF and WebP, a JPEG its system calls image/jpg, and an animated PNG', () => {
    for (const type of [...IMAGE_TYPES, 'image/jpg', 'image/apng'])
      expect(imageTypeProblem({ type })).toBeNull();
  });

  it("refuses any other type, and a file the browser could not name, in the product's words", () => {
    for (const type of [
      '',
      'text/plain',
      'image/svg+xml',
      'image/tiff',
      'image/heic',
      'IMAGE/PNG',
    ]) {
      expect(imageTypeProblem({ type })).toBe(IMAGE_TYPE_MESSAGE);
    }
    expect(IMAGE_TYPE_MESSAGE).toBe('Please select a valid image file (JPEG, PNG, or GIF)');
  });
});

describe('uploadProblem', () => {
  it("says an image's wrong type before its weight, and holds audio to its weight alone", () => {
    const heavy = MAX_IMAGE_BYTES + 1;
    expect(uploadProblem('image', { type: 'text/plain', size: heavy })).toBe(IMAGE_TYPE_MESSAGE);
    expect(uploadProblem('image', { type: 'image/png', size: heavy })).toBe(
      'Image size must be less than 5MB',
    );
    expect(uploadProblem('image', { type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(uploadProblem('audio', { type: '', size: heavy })).toBeNull();
    expect(uploadProblem('audio', { type: 'audio/mpeg', size: 200 * 1024 * 1024 + 1 })).toBe(
      tooLargeMessage('audio'),
    );
  });
});
