import type { Page } from '@playwright/test';
import { CONTACT_EMAIL } from '../../scripts/stack/stack.ts';
import { appUrl, expect, test } from './fixtures.ts';
import { escapeHtml, outbox, type OutboxMessage } from './helpers/facts.ts';

/**
 * The three enquiry forms end to end: what the user types arrives in the CMS outbox, addressed
 * to the contact address with the subject of deployed-system.md §B4.7–4.8, every value HTML-escaped.
 */

const SENT = 'Your message has been sent...';

/** Values that would break or inject HTML if they went into the body unescaped. */
const tricky = (run: string) => `${run} <b>bold</b> & "quotes" 'single'`;

async function newMessage(marker: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox()).find((message) => (message.html ?? '').includes(marker));
        return Boolean(found);
      },
      { message: `an outbox e-mail containing ${marker}` },
    )
    .toBe(true);
  return found!;
}

/** The html must hold `label: value` with the value escaped, and never the raw markup. */
function expectField(html: string, label: string, value: string) {
  expect(html, `${label} (escaped)`).toContain(`${label}: ${escapeHtml(value)}`);
}

function expectNoRawMarkup(html: string) {
  expect(html, 'user markup is not passed through').not.toContain('<b>bold</b>');
}

async function expectSentAndCleared(page: Page, fieldLabels: string[]) {
  await expect(page.getByText(SENT, { exact: true })).toBeVisible();
  for (const label of fieldLabels) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
}

test.describe('enquiry forms', () => {
  test('contact: sent to the contact address as "CONTACT US FORM"; an invalid e-mail blocks sending', async ({
    page,
  }) => {
    await page.goto(appUrl('/contactus'));
    await expect(page.getByRole('heading', { level: 1, name: 'CONTACT US' })).toBeVisible();
    await expect(page.getByText('FIND OUT MORE ABOUT OUR HARMONIOUS PARADISE', { exact: false })).toBeVisible();

    // Validation: a malformed e-mail sends nothing.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/email')) posts.push(request.url());
    });
    const before = (await outbox()).length;
    await page.getByLabel('Your Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Note', { exact: true }).fill('hello');
    await page.getByRole('button', { name: 'Submit Now' }).click();
    await expect(page.getByText('Enter a valid e-mail address', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Your Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect((await outbox()).length).toBe(before);
    await expect(page.getByText(SENT, { exact: true })).toHaveCount(0);

    // Empty required note: blocked as well.
    await page.getByLabel('Your Email', { exact: true }).fill('visitor@example.com');
    await page.getByLabel('Note', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Submit Now' }).click();
    await expect(page.getByText('Note is required.', { exact: true })).toBeVisible();
    expect(posts).toEqual([]);

    // A valid message.
    const run = `contact-${Date.now()}`;
    const email = `visitor+${run}@example.com`;
    const note = tricky(run);
    await page.getByLabel('Your Email', { exact: true }).fill(email);
    await page.getByLabel('Note', { exact: true }).fill(note);
    await page.getByRole('button', { name: 'Submit Now' }).click();
    await expectSentAndCleared(page, ['Your Email', 'Note']);
    expect(posts).toHaveLength(1);

    const message = await newMessage(run);
    expect(message.to.toLowerCase()).toBe(CONTACT_EMAIL);
    expect(message.subject).toBe('CONTACT US FORM');
    expectField(message.html!, 'Email', email);
    expectField(message.html!, 'Note', note);
    expectNoRawMarkup(message.html!);
  });

  test('work with us: "Work With Us Form" with all six fields; Loading... and disabled fields while sending', async ({
    page,
  }) => {
    await page.goto(appUrl('/work'));
    await expect(page.getByRole('heading', { level: 1, name: 'WORK WITH US' })).toBeVisible();
    const run = `work-${Date.now()}`;
    const values: [label: string, mailLabel: string, value: string][] = [
      ['Name', 'Name', `Ada ${run}`],
      ['Surname', 'Surname', `O'Lovelace & <i>Co</i>`],
      ['Email', 'Email', `ada+${run}@example.com`],
      ['Phone', 'Phone', '+39 333 123 4567'],
      ['Asking Position', 'Asking Position', 'Front-end <engineer>'],
      ['Note', 'Note', tricky(run)],
    ];
    for (const [label, , value] of values) await page.getByLabel(label, { exact: true }).fill(value);

    // Hold the request briefly so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/email', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Now' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
    for (const [label] of values) await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    release();
    await expectSentAndCleared(
      page,
      values.map(([label]) => label),
    );
    await page.unroute('**/api/email');

    const message = await newMessage(run);
    expect(message.to.toLowerCase()).toBe(CONTACT_EMAIL);
    expect(message.subject).toBe('Work With Us Form');
    for (const [, mailLabel, value] of values) expectField(message.html!, mailLabel, value);
    expectNoRawMarkup(message.html!);
    expect(message.html!).not.toContain('<i>Co</i>');
  });

  test('project: multipart with an attachment, "Do you have Project Form"; a failed send says so and keeps the values', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(appUrl('/haveproject'));
    await expect(page.getByRole('heading', { level: 1, name: 'DO YOU HAVE A PROJECT? TELL US!' })).toBeVisible();
    const run = `project-${Date.now()}`;
    const fields = {
      name: `Grace ${run}`,
      surname: `Hopper <script>x</script>`,
      email: `grace+${run}@example.com`,
      phone: '+1 555 0100',
      description: tricky(run),
      reference: `https://example.com/pitch?a=1&b=2`,
    };
    await page.getByLabel('Name', { exact: true }).fill(fields.name);
    await page.getByLabel('Surname', { exact: true }).fill(fields.surname);
    await page.getByLabel('Email', { exact: true }).fill(fields.email);
    await page.getByLabel('Phone', { exact: true }).fill(fields.phone);
    await page.getByLabel('Short description about project', { exact: true }).fill(fields.description);
    await page.getByLabel(/^Reference link/).fill(fields.reference);
    const pdf = Buffer.from(`%PDF-1.4\n% e2e attachment ${run}\n%%EOF\n`);
    await page
      .getByLabel(/^Attachment/)
      .setInputFiles({ name: 'pitch-deck.pdf', mimeType: 'application/pdf', buffer: pdf });

    // First the CMS fails: the failure text shows and nothing typed is lost.
    await page.route('**/api/email-attachment', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"status":500}}' }),
    );
    await page.getByRole('button', { name: 'Submit Now' }).click();
    await expect(page.getByText('Message failed...', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(fields.name);
    await page.unroute('**/api/email-attachment');
    // The browser logs the 500 we staged; only that one is expected.
    const staged = consoleErrors.filter((text) => /status of 500/.test(text));
    expect(staged.length).toBeLessThanOrEqual(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !/status of 500/.test(text)));

    // Then it goes through.
    const requests: { contentType: string | null }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/email-attachment'))
        requests.push({ contentType: request.headers()['content-type'] ?? null });
    });
    await page.getByRole('button', { name: 'Submit Now' }).click();
    await expect(page.getByText(SENT, { exact: true })).toBeVisible();
    await expect(page.getByText('Message failed...', { exact: true })).toHaveCount(0);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.contentType).toMatch(/^multipart\/form-data/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

    const message = await newMessage(run);
    expect(message.to.toLowerCase()).toBe(CONTACT_EMAIL);
    expect(message.subject).toBe('Do you have Project Form');
    const html = message.html!;
    for (const value of Object.values(fields)) expect(html, value).toContain(escapeHtml(value));
    expect(html, 'user markup is not passed through').not.toContain('<script>');
    expectNoRawMarkup(html);
    expect(message.attachments).toEqual([expect.objectContaining({ filename: 'pitch-deck.pdf', size: pdf.length })]);
  });

  test('project without a file: the empty file input goes as an empty file part and the e-mail arrives without attachment', async ({
    page,
  }) => {
    await page.goto(appUrl('/haveproject'));
    await expect(page.getByRole('heading', { level: 1, name: 'DO YOU HAVE A PROJECT? TELL US!' })).toBeVisible();
    const run = `project-nofile-${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(`Lin ${run}`);
    await page.getByLabel('Surname', { exact: true }).fill('Bo');
    await page.getByLabel('Email', { exact: true }).fill(`lin+${run}@example.com`);
    await page.getByLabel('Phone', { exact: true }).fill('+39 02 1234');
    await page.getByLabel('Short description about project', { exact: true }).fill(`No deck yet ${run}`);

    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/email-attachment')) bodies.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Submit Now' }).click();
    await expect(page.getByText(SENT, { exact: true })).toBeVisible();

    // "Sent" only means the CMS answered 200, which it does even when it sent nothing (a text
    // field instead of a file part): the outbox is the proof.
    const message = await newMessage(run);
    expect(message.to.toLowerCase()).toBe(CONTACT_EMAIL);
    expect(message.subject).toBe('Do you have Project Form');
    expect(message.html).toContain(`Name: Lin ${run}`);
    expect(message.attachments).toEqual([]);
    // What a plain HTML form sends for an empty file input.
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatch(/Content-Disposition: form-data; name="attachment"; filename=""\r\n/);
  });
});
