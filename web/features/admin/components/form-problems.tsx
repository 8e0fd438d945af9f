import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api.ts';

/** What a form says is wrong: under a field, or at its top (`form`) for the rest. */
export type Problems<Field extends string> = Partial<Record<Field | 'form', string>>;

/** The problems of a song's title, artists and genre as typed, before anything is sent. */
export function songFieldProblems(
  title: string,
  artists: number[],
  genre: string,
): Problems<'title' | 'artist' | 'genre'> {
  const problems: Problems<'title' | 'artist' | 'genre'> = {};
  if (!title.trim()) problems.title = 'Title is required';
  if (artists.length === 0) problems.artist = 'Choose at least one artist';
  if (!genre) problems.genre = 'Genre is required';
  return problems;
}

/**
 * A form's problems, shown in the form only (never as toasts): under the field they are about,
 * which they describe, else at the form's top. `fields` are named as the server names them in
 * an error's `field`.
 */
export function useFormProblems<Field extends string>(fields: readonly Field[]) {
  const id = useId();
  const [problems, setProblems] = useState<Problems<Field>>({});

  /** Props of a field's control and its message, which the control is described by. */
  const field = (name: Field) => {
    const message = problems[name];
    const messageId = `${id}-${name}-error`;
    return {
      id: `${id}-${name}`,
      control: {
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? messageId : undefined,
      },
      message: message && (
        <p id={messageId} className="text-sm text-red-400">
          {message}
        </p>
      ),
    };
  };

  /** A change to a field clears what was said about it, and the form's summary at the top. */
  const edited = (name: Field) =>
    setProblems((current) => {
      const rest = { ...current };
      delete rest[name];
      delete rest.form;
      return rest;
    });

  /** A refused request: its message under the field the server names, else at the top. */
  const failed = (failure: unknown, fallback: string) => {
    const message = errorMessage(failure, fallback);
    const about = failure instanceof ApiError ? failure.field : undefined;
    const known = fields.find((name) => name === about);
    const next: Problems<Field> = {};
    if (known) next[known] = message;
    else next.form = message;
    setProblems(next);
  };

  return { problems, setProblems, field, edited, failed };
}
