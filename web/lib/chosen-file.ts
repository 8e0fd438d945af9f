import { type UploadKind, uploadProblem } from '../../contract/rules/catalog.ts';

/**
 * The file chosen in `input`, or null when none is, or when it cannot be uploaded (an image of a
 * type Chorus does not take, a file over its kind's upload limit): then `refuse` gets the
 * server's own message at once, before any of it is sent, and the input is emptied so it shows
 * no file the form will not send.
 */
export function chosenFile(
  input: HTMLInputElement,
  kind: UploadKind,
  refuse: (message: string) => void,
): File | null {
  const file = input.files?.[0] ?? null;
  const problem = file && uploadProblem(kind, file);
  if (!problem) return file;
  input.value = '';
  refuse(problem);
  return null;
}
