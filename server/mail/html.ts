/**
 * HTML for mail bodies where escaping cannot be forgotten: `html` escapes every value put in it,
 * except what `html` itself made, so parts compose without being escaped twice.
 *
 * ```ts
 * const body = html`<p>${greeting}, ${user.username}</p><p><a href="${link}">${linkText}</a></p>`;
 * enqueueMail(tx, { …, html: htmlDocument({ lang: 'ko', title: subject, body }) });
 * ```
 */
export class SafeHtml {
  readonly #markup: string;
  constructor(markup: string) {
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

type Value = SafeHtml | string | number | null | undefined | readonly Value[];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: safe between tags and inside quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

function render(value: Value): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The tag: the template's own markup is kept, every interpolated value escaped (arrays joined). */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * A whole mail document around `body`: the language for screen readers, the subject as title, no
 * style sheets or images from elsewhere (mail clients block them, and they would tell a sender
 * when the mail is read).
 */
export function htmlDocument(parts: { lang: string; title: string; body: SafeHtml }): string {
  return html`<!doctype html>
<html lang="${parts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${parts.title}</title></head>
<body style="font-family:sans-serif;line-height:1.5;color:#222">${parts.body}</body></html>
`.toString();
}
