// Sending an upload: XMLHttpRequest when a progress callback is given and the platform has it
// (browsers report upload progress only there), fetch otherwise.

import { networkError, send, type Fetch } from '../lib/fetch';
import type { UploadProgress } from './types';

export interface UploadRequest {
  method: string;
  headers: Headers;
  body: BodyInit;
  signal?: AbortSignal;
}

/** Sends `request`; resolves with the response whatever its status, rejects with a NetworkError. */
export function sendUpload(
  fetchFn: Fetch,
  url: string,
  request: UploadRequest,
  onProgress?: (progress: UploadProgress) => void,
): Promise<Response> {
  if (!onProgress || typeof XMLHttpRequest === 'undefined') {
    return send(fetchFn, url, request).then((res) => {
      const size = (request.body as Blob).size ?? (request.body as ArrayBuffer).byteLength;
      if (onProgress && res.ok && size !== undefined) onProgress({ loaded: size, total: size });
      return res;
    });
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.total });
    xhr.onload = () =>
      resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
    xhr.onerror = () => reject(networkError(new TypeError('Network request failed')));
    xhr.onabort = () =>
      reject(networkError(new DOMException('The upload was aborted', 'AbortError')));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(request.body as XMLHttpRequestBodyInit);
  });
}
