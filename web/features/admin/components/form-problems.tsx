import { useId, useRef, useState } from 'react';
import type { UploadKind } from '../../../../contract/rules/catalog.ts';
import { ApiError, errorMessage, refusesField } from '../../../lib/api.ts';
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

/** A file field as its last choice left it. */
interface ChosenFile {
  input: HTMLInputElement;
  /** How the form takes the file it sends, or lets go of it (null). */
  keep: (file: File | null) => void;
  file: File | null;
}

/**
 * A form's problems, shown in the form (the hook makes no toasts): under the field they are
 * about, which they describe, else at the form's top. `fields` are named as the server names
 * them in an error's `field`.
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
  /** Each file field's input, how the form takes its file, and the file it holds, as last chosen. */
  const files = useRef<Partial<Record<Field, ChosenFile>>>({});
  /** The file each field held when the form was last sent: the one a refusal of it is about. */
  const sent = useRef<Partial<Record<Field, File | null>>>({});

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

  /** `reason` stays under `name` until another file is chosen there. */
  const keepReason = (name: Field, reason: string) => {
    refused.current = { ...refused.current, [name]: reason };
    setProblems((current) => ({ ...current, [name]: reason }));
  };

  /**
   * `name` holds no file the form sends, for `reason`: the form lets go of the file chosen there
   * (its input is emptied, the form keeps none) and the reason stays under the field.
   */
  const refuse = (name: Field, reason: string) => {
    const chosen = files.current[name];
    if (chosen) {
      chosen.input.value = '';
      chosen.file = null;
      chosen.keep(null);
    }
    keepReason(name, reason);
  };

  /**
   * A refused request: its message under the field the server names, else at the top. A 4xx
   * about a file field refuses the file it held as the form was sent (its type, weight or
   * content), so the form lets go of it, unless another was chosen meanwhile; a 5xx, such as a
   * busy server's 503, says nothing against the file, which stays to be sent again.
   */
  const failed = (failure: unknown, fallback: string) => {
    const message = errorMessage(failure, fallback);
    const about = failure instanceof ApiError ? failure.field : undefined;
    const known = fields.find((name) => name === about);
    const sentFile = known ? sent.current[known] : undefined;
    if (
      known &&
      refusesField(failure, known) &&
      sentFile &&
      files.current[known]?.file === sentFile
    ) {
      refuse(known, message);
    }
    const next: Problems<Field> = {};
    if (known) next[known] = message;
    else next.form = message;
    setProblems({ ...refused.current, ...next });
  };

  /**
   * What the form's own check found as it was sent; a refused file's field keeps its reason. The
   * files the fields hold now are the ones sent, which a refusal of their field is about.
   */
  const checked = (found: Problems<Field>) => {
    const held: Partial<Record<Field, File | null>> = {};
    for (const name of fields) held[name] = files.current[name]?.file ?? null;
    sent.current = held;
    setProblems({ ...found, ...refused.current });
  };

  /**
   * A file input's change: what it said before goes, and the form takes (`keep`) the file
   * chosen, or none when it cannot be sent, with why under the field. Answers the file taken.
   */
  const chose = (
    name: Field,
    input: HTMLInputElement,
    kind: UploadKind,
    keep: (file: File | null) => void,
  ) => {
    edited(name);
    const others = { ...refused.current };
    delete others[name];
    refused.current = others;
    const file = chosenFile(input, kind, (reason) => keepReason(name, reason));
    files.current[name] = { input, keep, file };
    keep(file);
    return file;
  };

  /** Nothing said or chosen any more, as when the form is emptied for its next use. */
  const cleared = () => {
    refused.current = {};
    files.current = {};
    sent.current = {};
    setProblems({});
  };

  return { problems, field, edited, failed, checked, chose, refuse, cleared };
}
