import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';

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
