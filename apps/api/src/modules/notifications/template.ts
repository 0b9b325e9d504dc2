/** The five characters that end or open markup in HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export interface MailContentInput {
  /** The product name (APP_NAME), shown at the top and in the sign-off. */
  appName: string;
  /** The first line, e.g. "Hello Ada,". */
  greeting: string;
  /** Paragraphs of plain text (user-supplied values are fine: they are escaped in the HTML). */
  paragraphs: string[];
  /** The link back into the app: an absolute http(s) URL (PUBLIC_URL + path) and its button text. */
  action: { label: string; url: string };
  /** Small print under the link, e.g. why the person got the mail. */
  footer?: string;
}

/**
 * The plain-text and HTML bodies of a mail with one link back into the app. Every value
 * is escaped in the HTML; the text body carries the same words and the bare URL, so a
 * text-only mail client shows a working link. Throws on a link that is not http(s).
 */
export function mailContent(input: MailContentInput): { text: string; html: string } {
  if (!/^https?:\/\//i.test(input.action.url)) throw new Error('mailContent: the link must be an absolute http(s) URL');
  const text = [input.greeting, '', ...input.paragraphs.flatMap((p) => [p, '']), `${input.action.label}: ${input.action.url}`, '', ...(input.footer ? [input.footer, ''] : []), `— ${input.appName}`, ''].join('\n');

  const e = escapeHtml;
  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1e293b">${e(p)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(input.appName)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<p style="margin:0 0 24px;font-size:14px;font-weight:700;color:#9a3412">${e(input.appName)}</p>
${paragraph(input.greeting)}
${input.paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${e(input.action.url)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${e(input.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${e(input.action.url)}" style="color:#9a3412;word-break:break-all">${e(input.action.url)}</a></p>
${input.footer ? `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:#475569">${e(input.footer)}</p>` : ''}
</div>
</body></html>
`;
  return { text, html };
}
