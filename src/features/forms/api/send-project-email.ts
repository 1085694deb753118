import { useMutation } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
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
 * Call #33: the "Do you have a project?" form, multipart (deployed-system.md §B4.7).
 *
 * `attachment` is always sent as a *file* part. With no file chosen it is an empty file named ""
 * — what a plain HTML form sends for an empty file input. The deployed controller reads
 * `ctx.request.files.attachment` and attaches it only when its size is non-zero; when there is
 * no file part (the field omitted, or sent as an empty text field, which the multipart parser
 * files under the body instead) it throws, catches the error and still answers 200 with nothing
 * sent. So omitting the field is not an option. (Node's FormData encoders, unlike browsers, drop
 * an empty filename, which turns the part into a text field: outside a browser this call sends
 * the shape the CMS cannot handle.)
 *
 * A 2xx answer only says the CMS took the request (what the user is told: enquiry-forms.tsx).
 */
export async function sendProjectEmail(
  input: ProjectEmailInput,
  client: CmsClient = getCmsClient(),
  to: string = getConfig().contactEmail,
): Promise<void> {
  // The CMS pastes these fields into the e-mail's HTML as they are (deployed-system.md §B4.7), so user text
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
    // A browser encodes a File entry with `filename=""` (HTML multipart/form-data encoding), so the
    // CMS's parser sees a zero-byte file: the e-mail goes out without an attachment.
    form.append('attachment', new File([], '', { type: 'application/octet-stream' }));
  }
  form.append('to', to);
  await client.post('/api/email-attachment', form);
}

export function useSendProjectEmail() {
  return useMutation({ mutationFn: (input: ProjectEmailInput) => sendProjectEmail(input) });
}
