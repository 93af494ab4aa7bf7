import { SITE_NAME } from '@hatchworks/shared/constants';

/** What `sendMail` needs besides the recipient. */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** A plain mail asking for one action: a few paragraphs, one link, a closing note. */
export interface ActionMail {
  readonly subject: string;
  /** The person's name for the greeting; 'Hello,' alone when absent. */
  readonly name?: string;
  /** Paragraphs before the link, as plain text. */
  readonly intro: readonly string[];
  readonly action: { readonly label: string; readonly url: string };
  /** Paragraphs after the link, as plain text. */
  readonly outro?: readonly string[];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/**
 * Renders a mail with a text part (the link on a line of its own, so every mail client shows
 * and links it) and a plain HTML part: inline styles only, every value escaped, one button.
 * Only http(s) links are accepted (the one thing a reader is asked to click), written as the URL
 * parser normalizes them.
 */
export function renderActionMail(mail: ActionMail): MailContent {
  const link = new URL(mail.action.url);
  if (link.protocol !== 'https:' && link.protocol !== 'http:') {
    throw new Error(`A mail link must be http(s), got ${link.protocol}`);
  }
  const greeting = mail.name ? `Hello ${mail.name},` : 'Hello,';
  const signature = `— ${SITE_NAME}`;
  const outro = mail.outro ?? [];
  const text = [
    greeting,
    ...mail.intro,
    `${mail.action.label}:\n${link.href}`,
    ...outro,
    signature,
  ].join('\n\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const url = escapeHtml(link.href);
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#ffffff">',
    '<div style="max-width:560px;margin:0 auto">',
    paragraph(greeting),
    ...mail.intro.map(paragraph),
    `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#b45309;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;color:#4b5563">If the button does not work, open this link: <a href="${url}" style="color:#92400e">${url}</a></p>`,
    ...outro.map(paragraph),
    paragraph(signature),
    '</div></body></html>',
  ].join('\n');
  return { subject: mail.subject, text, html };
}

/** The mail that proves an address: its link opens the site's verify-email page. */
export function verificationMail(input: { name?: string; link: string }): MailContent {
  return renderActionMail({
    subject: `Verify your email address for ${SITE_NAME}`,
    ...(input.name ? { name: input.name } : {}),
    intro: [
      `Please confirm that this is your email address to finish setting up your ${SITE_NAME} account.`,
    ],
    action: { label: 'Verify email address', url: input.link },
    outro: ['If you did not create an account, ignore this mail and nothing will happen.'],
  });
}

/** The mail with a one-time password-reset link. */
export function passwordResetMail(input: {
  name?: string;
  link: string;
  validMinutes: number;
}): MailContent {
  return renderActionMail({
    subject: `Reset your ${SITE_NAME} password`,
    ...(input.name ? { name: input.name } : {}),
    intro: [
      `Someone asked to reset the password of your ${SITE_NAME} account. If it was you, choose a new password with this link.`,
    ],
    action: { label: 'Reset password', url: input.link },
    outro: [
      `The link works once and expires in ${input.validMinutes} minutes.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  });
}
