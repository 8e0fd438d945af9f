import { ApiError, xsrfToken } from '../../../lib/api.ts';

/**
 * Sends a form with upload progress (fetch cannot report it): `onProgress` gets 0–1 as the
 * bytes leave. Errors become `ApiError` with the server's message, like `api()`.
 */
export function uploadForm<T>(
  method: 'POST' | 'PATCH',
  path: string,
  form: FormData,
  onProgress: (share: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    const token = xsrfToken();
    if (token) request.setRequestHeader('x-xsrf-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const data = (body ?? {}) as { message?: string; field?: string };
      reject(
        new ApiError(
          request.status,
          data.message ?? `Request failed (${request.status})`,
          data.field,
        ),
      );
    };
    request.onerror = () => reject(new ApiError(0, 'Network error or server is down'));
    request.send(form);
  });
}
