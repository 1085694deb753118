const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The email body the CMS sends on: one paragraph per field, "Label: value". User input is
 * escaped (the CMS forwards `html` verbatim) and line breaks kept.
 */
export function emailParagraphs(fields: ReadonlyArray<readonly [label: string, value: string]>): string {
  return fields.map(([label, value]) => `<p>${label}: ${escapeHtml(value).replace(/\r?\n/g, '<br>')}</p>`).join('');
}
