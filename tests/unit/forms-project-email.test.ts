import { describe, expect, it } from 'vitest';
import { sendProjectEmail } from '@/features/forms/api/send-project-email';
import { cmsDb } from '../msw/cms-handlers';

describe('project enquiry e-mail', () => {
  it('escapes user text, because the CMS pastes the fields into the e-mail HTML as they are', async () => {
    await sendProjectEmail({
      name: 'Grace <script>alert(1)</script>',
      surname: 'Hopper & Co',
      email: 'grace@example.com',
      phone: '+39 "02"',
      description: '<b>bold</b> idea',
      referenceLink: 'https://example.com/?a=1&b=2',
      attachment: null,
    });
    const sent = cmsDb.outbox.at(-1) as { to: string; fields: Record<string, string> };
    expect(sent.to).toBe('info@terramaternfts.com');
    expect(sent.fields).toMatchObject({
      name: 'Grace &lt;script&gt;alert(1)&lt;/script&gt;',
      surname: 'Hopper &amp; Co',
      desc: '&lt;b&gt;bold&lt;/b&gt; idea',
      ref_link: 'https://example.com/?a=1&amp;b=2',
    });
    expect(sent.fields.phone).not.toContain('"02"');
  });
});
