import type { PictureUploaded } from '../../../common/contracts/tutoring.ts';
import { apiJson } from './client.ts';

/** Uploads a picture for a question; the server checks and re-encodes it and answers its id and size. */
export function uploadPicture(file: Blob): Promise<PictureUploaded> {
  const form = new FormData();
  form.append('image', file);
  return apiJson<PictureUploaded>('pictures', { method: 'POST', body: form });
}
