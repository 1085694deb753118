import '@/features/forms/components/forms.css';
import { useTranslation } from 'react-i18next';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_MB,
  useEnquiryForm,
  type FieldSpec,
  type ValidationProblem,
} from '@/features/forms/hooks/use-enquiry-form';

type SendStatus = 'idle' | 'pending' | 'success' | 'error';

export interface EnquiryFormProps<K extends string> {
  fields: readonly FieldSpec<K>[];
  /** The project form's optional file. */
  withAttachment?: boolean;
  status: SendStatus;
  /** Called with valid values; call `reset` once the message is sent. */
  onSend: (values: Record<K, string>, attachment: File | null, reset: () => void) => void;
}

const GITBOOK_ROOT = 'https://harmonious-paradise.gitbook.io/harmonious-paradise-project/';

export function FormIntro() {
  const { t } = useTranslation('forms');
  return (
    <p className="form-intro">
      {t('intro.before')}
      <a href={GITBOOK_ROOT} target="_blank" rel="noopener noreferrer">
        {t('intro.link')}
      </a>
      {t('intro.after')}
    </p>
  );
}

/**
 * One enquiry form (contact, work with us, project): labelled fields, validation messages on
 * submit, "Loading..." with every field disabled while sending, and the spec's result lines.
 */
export function EnquiryForm<K extends string>({ fields, withAttachment = false, status, onSend }: EnquiryFormProps<K>) {
  const { t } = useTranslation('forms');
  const form = useEnquiryForm(fields, onSend);
  const sending = status === 'pending';
  const message = (problem: ValidationProblem | undefined) => {
    if (!problem) return null;
    if (problem.kind === 'required') return t('errors.required', { field: t(`fields.${problem.field}`) });
    if (problem.kind === 'email') return t('errors.email');
    return t(`errors.${problem.kind}`, { size: ATTACHMENT_MAX_MB });
  };
  return (
    <form className="enquiry-form surface p-3 p-md-4" noValidate onSubmit={form.onSubmit} aria-busy={sending}>
      <fieldset disabled={sending} className="row g-3">
        {fields.map((field) => {
          const id = `field-${field.name}`;
          const error = message(form.problems[field.name]);
          const common = {
            id,
            name: field.name,
            className: `form-control${error ? ' is-invalid' : ''}`,
            value: form.values[field.name],
            required: field.required,
            'aria-invalid': Boolean(error),
            'aria-describedby': error ? `${id}-error` : undefined,
          };
          return (
            <div key={field.name} className={field.kind === 'textarea' ? 'col-12' : 'col-12 col-md-6'}>
              <label htmlFor={id} className="form-label">
                {t(`fields.${field.label}`)}
                {field.required ? null : <span className="text-muted-tm"> {t('fields.optional')}</span>}
              </label>
              {field.kind === 'textarea' ? (
                <textarea {...common} rows={5} onChange={(event) => form.setValue(field.name, event.target.value)} />
              ) : (
                <input
                  {...common}
                  type={field.kind}
                  autoComplete={field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : undefined}
                  onChange={(event) => form.setValue(field.name, event.target.value)}
                />
              )}
              {error ? (
                <div id={`${id}-error`} className="invalid-feedback">
                  {error}
                </div>
              ) : null}
            </div>
          );
        })}
        {withAttachment ? (
          <div className="col-12">
            <label htmlFor="field-attachment" className="form-label">
              {t('fields.attachment')} <span className="text-muted-tm">{t('fields.optional')}</span>
            </label>
            <input
              key={form.fileInputKey}
              id="field-attachment"
              name="attachment"
              type="file"
              className={`form-control${form.problems.attachment ? ' is-invalid' : ''}`}
              accept={ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
              aria-invalid={Boolean(form.problems.attachment)}
              aria-describedby="field-attachment-hint field-attachment-error"
              onChange={(event) => form.chooseFile(event.target.files?.[0] ?? null)}
            />
            <div id="field-attachment-hint" className="form-text">
              {t('attachmentHint', { size: ATTACHMENT_MAX_MB })}
            </div>
            <div id="field-attachment-error" className="invalid-feedback">
              {message(form.problems.attachment)}
            </div>
          </div>
        ) : null}
        <div className="col-12">
          <button type="submit" className="btn btn-main">
            {sending ? t('loading') : t('submit')}
          </button>
        </div>
      </fieldset>
      {/* Present from the start so that screen readers announce the result when it appears. */}
      <p role="status" className="text-success mt-3 mb-0 enquiry-result">
        {status === 'success' ? t('success') : null}
      </p>
      {status === 'error' ? (
        <p role="alert" className="text-danger mt-3 mb-0">
          {t('failure')}
        </p>
      ) : null}
    </form>
  );
}
