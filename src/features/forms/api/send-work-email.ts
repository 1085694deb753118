import { useMutation } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { getCmsClient, type CmsClient } from '@/lib/cms/client';
import { emailParagraphs } from './email-html';

export interface WorkEmailInput {
  name: string;
  surname: string;
  email: string;
  phone: string;
  position: string;
  note: string;
}

const WORK_EMAIL_SUBJECT = 'Work With Us Form';

/** Call #32 (work with us): the fixed recipient and subject; only the escaped fields vary. */
export async function sendWorkEmail(
  input: WorkEmailInput,
  client: CmsClient = getCmsClient(),
  to: string = getConfig().contactEmail,
): Promise<void> {
  await client.post('/api/email', {
    to,
    subject: WORK_EMAIL_SUBJECT,
    html: emailParagraphs([
      ['Name', input.name],
      ['Surname', input.surname],
      ['Email', input.email],
      ['Phone', input.phone],
      ['Asking Position', input.position],
      ['Note', input.note],
    ]),
  });
}

export function useSendWorkEmail() {
  return useMutation({ mutationFn: (input: WorkEmailInput) => sendWorkEmail(input) });
}
