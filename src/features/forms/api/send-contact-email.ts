import { useMutation } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { emailParagraphs } from './email-html';

export interface ContactEmailInput {
  email: string;
  note: string;
}

const CONTACT_EMAIL_SUBJECT = 'CONTACT US FORM';

/** Call #32 (contact): the fixed recipient and subject; only the escaped fields vary. */
export async function sendContactEmail(
  { email, note }: ContactEmailInput,
  client: CmsClient = getCmsClient(),
  to: string = getConfig().contactEmail,
): Promise<void> {
  await client.post('/api/email', {
    to,
    subject: CONTACT_EMAIL_SUBJECT,
    html: emailParagraphs([
      ['Email', email],
      ['Note', note],
    ]),
  });
}

export function useSendContactEmail() {
  return useMutation({ mutationFn: (input: ContactEmailInput) => sendContactEmail(input) });
}
