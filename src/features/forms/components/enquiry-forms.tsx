import { useSendContactEmail } from '@/features/forms/api/send-contact-email';
import { useSendProjectEmail } from '@/features/forms/api/send-project-email';
import { useSendWorkEmail } from '@/features/forms/api/send-work-email';
import type { FieldSpec } from '@/features/forms/hooks/use-enquiry-form';
import { EnquiryForm } from './enquiry-form';

const CONTACT_FIELDS = [
  { name: 'email', label: 'yourEmail', kind: 'email', required: true },
  { name: 'note', label: 'note', kind: 'textarea', required: true },
] as const satisfies readonly FieldSpec<string>[];

const WORK_FIELDS = [
  { name: 'name', label: 'name', kind: 'text', required: true },
  { name: 'surname', label: 'surname', kind: 'text', required: true },
  { name: 'email', label: 'email', kind: 'email', required: true },
  { name: 'phone', label: 'phone', kind: 'tel', required: true },
  { name: 'position', label: 'position', kind: 'text', required: true },
  { name: 'note', label: 'note', kind: 'textarea', required: true },
] as const satisfies readonly FieldSpec<string>[];

const PROJECT_FIELDS = [
  { name: 'name', label: 'name', kind: 'text', required: true },
  { name: 'surname', label: 'surname', kind: 'text', required: true },
  { name: 'email', label: 'email', kind: 'email', required: true },
  { name: 'phone', label: 'phone', kind: 'tel', required: true },
  { name: 'description', label: 'description', kind: 'textarea', required: true },
  { name: 'referenceLink', label: 'reference', kind: 'url', required: false },
] as const satisfies readonly FieldSpec<string>[];

/*
 * What "sent" means: the CMS answered 2xx. Neither e-mail route says whether a mail went out —
 * `/api/email` answers `{}`, and the deployed `/api/email-attachment` answers 200 both when it
 * sent (`DONE`, even if SMTP then failed: those errors are only logged) and when it threw before
 * sending (`{}`). So the app cannot tell a delivered message from a lost one, and claims no more
 * than it sees: "Message failed..." for no answer (network) or a non-2xx status, otherwise the
 * spec's "Your message has been sent...".
 */

export function ContactForm() {
  const send = useSendContactEmail();
  return (
    <EnquiryForm
      fields={CONTACT_FIELDS}
      status={send.status}
      onSend={(values, _file, reset) =>
        send.mutate({ email: values.email.trim(), note: values.note }, { onSuccess: reset })
      }
    />
  );
}

export function WorkForm() {
  const send = useSendWorkEmail();
  return (
    <EnquiryForm
      fields={WORK_FIELDS}
      status={send.status}
      onSend={(values, _file, reset) => send.mutate({ ...values, email: values.email.trim() }, { onSuccess: reset })}
    />
  );
}

export function ProjectForm() {
  const send = useSendProjectEmail();
  return (
    <EnquiryForm
      fields={PROJECT_FIELDS}
      withAttachment
      status={send.status}
      onSend={(values, attachment, reset) =>
        send.mutate({ ...values, email: values.email.trim(), attachment }, { onSuccess: reset })
      }
    />
  );
}
