import { useMutation } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getConfig } from '@/config/env';
import { getCmsClient } from '@/lib/cms/client';
import { escapeHtml } from './email-html';

export interface ProjectEmailInput {
  name: string;
  surname: string;
  email: string;
  phone: string;
  description: string;
  referenceLink: string;
  attachment: Blob | null;
  /** File name for the attachment when it is a bare Blob. */
  attachmentName?: string;
}

/**
 * Call #33: the "Do you have a project?" form, multipart. The CMS builds the HTML itself and
 * attaches the file only when it is non-empty, so an empty `attachment` field is sent otherwise.
 */
export async function sendProjectEmail(
  input: ProjectEmailInput,
  client: AxiosInstance = getCmsClient(),
  to: string = getConfig().contactEmail,
): Promise<void> {
  // The CMS pastes these fields into the e-mail's HTML as they are (backend.md §4.7), so user text
  // is escaped here: a message must not be able to carry markup or scripts.
  const form = new FormData();
  form.append('name', escapeHtml(input.name));
  form.append('surname', escapeHtml(input.surname));
  form.append('email', escapeHtml(input.email));
  form.append('phone', escapeHtml(input.phone));
  form.append('desc', escapeHtml(input.description));
  form.append('ref_link', escapeHtml(input.referenceLink));
  if (input.attachment && input.attachment.size > 0) {
    const name = input.attachmentName ?? (input.attachment instanceof File ? input.attachment.name : 'attachment');
    form.append('attachment', input.attachment, name);
  } else {
    form.append('attachment', '');
  }
  form.append('to', to);
  await client.post('/api/email-attachment', form);
}

export function useSendProjectEmail() {
  return useMutation({ mutationFn: (input: ProjectEmailInput) => sendProjectEmail(input) });
}
