import { useId, useRef, useState } from 'react';
import type { UploadKind } from '../../../../contract/rules/catalog.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { chosenFile } from '../../../lib/chosen-file.ts';

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
  /**
   * Why the file chosen in a field was refused, until another is chosen: the field then holds no
   * file, and a check or a refused request must not say "select a file" over the reason. A ref,
   * as a request's answer may arrive after a file was chosen meanwhile.
   */
  const refused = useRef<Problems<Field>>({});

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
    setProblems({ ...refused.current, ...next });
  };

  /** What the form's own check found as it was sent; a refused file's field keeps its reason. */
  const checked = (found: Problems<Field>) => setProblems({ ...found, ...refused.current });

  /** A file input's change: what it said before goes; a file it cannot send is refused under it. */
  const chose = (name: Field, input: HTMLInputElement, kind: UploadKind) => {
    edited(name);
    const others = { ...refused.current };
    delete others[name];
    refused.current = others;
    return chosenFile(input, kind, (message) => {
      refused.current = { ...refused.current, [name]: message };
      setProblems((current) => ({ ...current, [name]: message }));
    });
  };

  /** Nothing said any more, as when the form is emptied for its next use. */
  const cleared = () => {
    refused.current = {};
    setProblems({});
  };

  return { problems, field, edited, failed, checked, chose, cleared };
}
