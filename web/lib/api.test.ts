import { describe, expect, it } from 'vitest';
import { ApiError, isRefusal, refusesField } from './api.ts';

describe('ApiError', () => {
  it('leaves out the field a message starts with, since forms show it by the field', () => {
    const refused = new ApiError(415, 'imageFile: Please select a valid image file', 'imageFile');
    expect(refused.message).toBe('Please select a valid image file');
    expect(refused.field).toBe('imageFile');
  });

  it('keeps a message that names its field otherwise, or names another', () => {
    expect(new ApiError(400, 'title must be at most 200 characters', 'title').message).toBe(
      'title must be at most 200 characters',
    );
    expect(new ApiError(400, 'audioFile: too short', 'imageFile').message).toBe(
      'audioFile: too short',
    );
    expect(new ApiError(404, 'Song not found').message).toBe('Song not found');
  });
});

describe('refusesField', () => {
  it('is a 4xx naming the field: what was sent there is at fault', () => {
    expect(refusesField(new ApiError(415, 'not an image', 'imageFile'), 'imageFile')).toBe(true);
    expect(refusesField(new ApiError(413, 'too large', 'imageFile'), 'imageFile')).toBe(true);
  });

  it('is not a 5xx, another field, no field, or a failure that never reached the server', () => {
    expect(refusesField(new ApiError(503, 'busy', 'imageFile'), 'imageFile')).toBe(false);
    expect(refusesField(new ApiError(415, 'not audio', 'audioFile'), 'imageFile')).toBe(false);
    expect(refusesField(new ApiError(400, 'Name is required'), 'imageFile')).toBe(false);
    expect(refusesField(new TypeError('Failed to fetch'), 'imageFile')).toBe(false);
  });

  it('rests on isRefusal: any 4xx, whatever it names, and nothing else', () => {
    expect(isRefusal(new ApiError(404, 'Playlist not found'))).toBe(true);
    expect(isRefusal(new ApiError(499, 'closed'))).toBe(true);
    expect(isRefusal(new ApiError(500, 'broken'))).toBe(false);
    expect(isRefusal(new ApiError(399, 'odd'))).toBe(false);
    expect(isRefusal(new Error('Bad Request'))).toBe(false);
  });
});
