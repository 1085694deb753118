import { useState, type FormEvent } from 'react';

type FieldKind = 'text' | 'email' | 'tel' | 'textarea' | 'url';

export interface FieldSpec<K extends string> {
  name: K;
  /** Key in the forms namespace under `fields.`. */
  label: string;
  kind: FieldKind;
  required: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Attachment rules of the project form: a size cap and document/image/archive types only. */
export const ATTACHMENT_MAX_MB = 10;
export const ATTACHMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'doc', 'docx', 'txt', 'zip'] as const;

export type AttachmentProblem = 'fileSize' | 'fileType' | null;

function checkAttachment(file: File | null): AttachmentProblem {
  if (!file) return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return 'fileType';
  if (file.size > ATTACHMENT_MAX_MB * 1024 * 1024) return 'fileSize';
  return null;
}

export interface ValidationProblem {
  kind: 'required' | 'email' | 'fileSize' | 'fileType';
  /** Label key of the field concerned. */
  field: string;
}

export function validateFields<K extends string>(
  fields: readonly FieldSpec<K>[],
  values: Record<K, string>,
  attachment: File | null,
): Partial<Record<K | 'attachment', ValidationProblem>> {
  const problems: Partial<Record<K | 'attachment', ValidationProblem>> = {};
  for (const field of fields) {
    const value = values[field.name].trim();
    if (field.required && value === '') problems[field.name] = { kind: 'required', field: field.label };
    else if (field.kind === 'email' && value !== '' && !EMAIL.test(value))
      problems[field.name] = { kind: 'email', field: field.label };
  }
  const fileProblem = checkAttachment(attachment);
  if (fileProblem) problems.attachment = { kind: fileProblem, field: 'attachment' };
  return problems;
}

/**
 * Field values, validation on submit and the attachment of one enquiry form. Values are kept
 * when sending fails, so nothing typed is lost; they are cleared after a successful send.
 */
export function useEnquiryForm<K extends string>(
  fields: readonly FieldSpec<K>[],
  onValid: (values: Record<K, string>, attachment: File | null, reset: () => void) => void,
) {
  const empty = () => Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<K, string>;
  const [values, setValues] = useState<Record<K, string>>(empty);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [problems, setProblems] = useState<ReturnType<typeof validateFields<K>>>({});

  const setValue = (name: K, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const chooseFile = (file: File | null) => {
    setAttachment(file);
    // Tell about a wrong file at once rather than on submit.
    const problem = checkAttachment(file);
    setProblems((current) => {
      const next = { ...current };
      if (problem) next.attachment = { kind: problem, field: 'attachment' };
      else delete next.attachment;
      return next;
    });
  };
  const reset = () => {
    setValues(empty());
    setAttachment(null);
    setFileInputKey((key) => key + 1);
    setProblems({});
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateFields(fields, values, attachment);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      // Put the user on the first field to fix.
      const first = fields.find((field) => found[field.name]);
      const id = first ? `field-${first.name}` : found.attachment ? 'field-attachment' : null;
      if (id) document.getElementById(id)?.focus();
      return;
    }
    onValid(values, attachment, reset);
  };
  return { values, setValue, attachment, chooseFile, fileInputKey, problems, onSubmit };
}
