import { useMutation } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { getConfig } from '@/config/env';
import { getCmsClient } from '@/lib/cms/client';

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
  const form = new FormData();
  form.append('name', input.name);
  form.append('surname', input.surname);
  form.append('email', input.email);
  form.append('phone', input.phone);
  form.append('desc', input.description);
  form.append('ref_link', input.referenceLink);
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
