import { render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import katex from 'katex';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadTexts } from '../i18n/texts.ts';
import { splitFormulas } from './FormulaPieces.tsx';
import { FormulaText } from './FormulaText.tsx';

beforeAll(async () => {
  // The chunks FormulaText loads on demand, read once here so that each test waits only for React.
  await import('./Formulas.tsx');
});
afterEach(() => activateLanguage('en'));

/** KaTeX's own rendering with the options the app must use: nothing trusted, sizes and macros bounded. */
function katexOutput(tex: string, display: boolean): string | null {
  try {
    return katex.renderToString(tex, {
      displayMode: display,
      trust: false,
      throwOnError: true,
      strict: 'ignore',
      maxSize: 10,
      maxExpand: 500,
      output: 'htmlAndMathml',
    });
  } catch {
    return null;
  }
}

/** HTML as the DOM writes it back (KaTeX writes a no-break space as it is, the DOM as `&nbsp;`). */
function asParsed(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

/**
 * The shown text is exactly its pieces: each text piece a text node holding it (so escaped), each
 * formula one element holding KaTeX's output for it or, if KaTeX refuses it, the source as text
 * marked as an error. Nothing else.
 */
function expectShownAsPieces(container: HTMLElement, text: string): void {
  const shown: string[] = [];
  let plain: string | null = null;
  for (const node of container.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      plain = (plain ?? '') + (node.textContent ?? '');
      continue;
    }
    if (plain !== null) shown.push(`text:${plain}`);
    plain = null;
    const element = node as HTMLElement;
    expect(element.tagName).toBe('SPAN');
    const code = element.querySelector(':scope > code');
    shown.push(
      code
        ? `broken:${code.textContent}|${element.textContent}|${element.children.length}`
        : `formula:${element.innerHTML}`,
    );
  }
  if (plain !== null) shown.push(`text:${plain}`);
  const expected = splitFormulas(text).map((piece) => {
    if (typeof piece === 'string') return `text:${piece}`;
    const html = katexOutput(piece.tex, piece.display);
    return html === null
      ? `broken:${piece.source}|${piece.source} formula error|2`
      : `formula:${asParsed(html)}`;
  });
  expect(shown).toEqual(expected);
}

async function shown(text: string) {
  const view = render(<FormulaText text={text} />);
  await waitFor(() => expectShownAsPieces(view.container, text));
  return view;
}

/** Nothing that runs script, links, loads or names a class or id someone typed. */
function expectNothingActive(container: HTMLElement) {
  expect(
    container.querySelector('script, a, img, iframe, object, embed, link, style, [href], [src]'),
  ).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(attribute.value).not.toMatch(/javascript:|url\(/i);
      if (attribute.name === 'class' || attribute.name === 'id') expect(attribute.value).not.toMatch(/evil/);
    }
  }
}

describe('splitFormulas', () => {
  it('reads $…$ and $$…$$, a backslash dollar as a dollar, and leaves prices and inline code alone', () => {
    expect(splitFormulas('Area $\\pi r^2$ and $$\\sum_i i$$.')).toEqual([
      'Area ',
      { tex: '\\pi r^2', display: false, source: '$\\pi r^2$' },
      ' and ',
      { tex: '\\sum_i i', display: true, source: '$$\\sum_i i$$' },
      '.',
    ]);
    expect(splitFormulas('Costs \\$5, $5 and $10, or $ 3 $.')).toEqual(['Costs $5, $5 and $10, or $ 3 $.']);
    expect(splitFormulas('Run `echo $HOME$` and `\\$x`')).toEqual(['Run `echo $HOME$` and `\\$x`']);
    // In a formula a backslash escapes the next character: TeX's own \$ stays in it.
    expect(splitFormulas('$a \\$ b$')).toEqual([{ tex: 'a \\$ b', display: false, source: '$a \\$ b$' }]);
    expect(splitFormulas('$x$2')).toEqual(['$x$2']);
    expect(splitFormulas('$$ $$')).toEqual([{ tex: ' ', display: true, source: '$$ $$' }]);
    expect(splitFormulas('')).toEqual([]);
  });
});

describe('FormulaText', () => {
  it('shows text without a formula as it is (escaped), a backslash dollar as a dollar', async () => {
    const { container } = await shown('Costs \\$5 <b>now</b> & `$x$`');
    expect(container.innerHTML).toBe('Costs $5 &lt;b&gt;now&lt;/b&gt; &amp; `$x$`');
    expect(container.querySelector('.katex')).toBeNull();
  });

  it('renders inline and display formulas with KaTeX, with MathML for screen readers', async () => {
    const { container } = await shown('If $x^2 = 4$ then $$x = \\pm 2$$');
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelectorAll('math annotation')[0]?.textContent).toBe('x^2 = 4');
  });

  it('shows a formula that does not parse as its source, marked as an error in the page language', async () => {
    const { container, unmount } = await shown('Broken: $\\frac{1}{$ and fine: $y$.');
    const marker = container.querySelector('code')?.parentElement;
    expect(marker?.textContent).toBe('$\\frac{1}{$ formula error');
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    unmount();
    await loadTexts('messages', 'ko');
    activateLanguage('ko');
    const korean = await render(<FormulaText text="$\sqrt{$" />).findByText('수식 오류');
    expect(korean.previousElementSibling?.textContent).toBe('$\\sqrt{$');
  });

  it('never makes a link, a script, a picture or a class from TeX', async () => {
    const payloads = [
      '$\\href{javascript:alert(1)}{click}$',
      '$\\url{javascript:alert(1)}$',
      '$$\\includegraphics{javascript:alert(1)}$$',
      '$\\htmlClass{evil}{x}$ $\\htmlId{evil}{x}$ $\\htmlData{onclick=alert(1)}{x}$',
      '$\\htmlStyle{background:url(javascript:alert(1))}{x}$',
      '$<script>alert(1)</script>$',
      '$\\text{<img src=x onerror=alert(1)>}$',
      '<script>alert(1)</script> $x$ <img src=x onerror=alert(1)>',
      '$\\def\\a{\\a\\a}\\a$',
      '$\\rule{100000em}{100000em}$',
    ];
    for (const payload of payloads) {
      const { container, unmount } = await shown(payload);
      expectNothingActive(container);
      unmount();
    }
  });

  it('keeps anything typed as text outside KaTeX output: no other element, every other character escaped', async () => {
    const token = fc.constantFrom(
      '$',
      '$$',
      '\\$',
      '`',
      '\\',
      '{',
      '}',
      ' ',
      '\n',
      'x',
      '^2',
      '5',
      '\\frac{1}{2}',
      '\\sqrt{',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '&amp;',
      '"\'',
      '\\href{javascript:alert(1)}{x}',
      '\\htmlClass{evil}{x}',
      '\\text{<b>}',
      '수식',
    );
    // Whole formulas too, well formed or not, so that most texts hold one.
    const formula = fc
      .tuple(fc.constantFrom('$', '$$'), fc.array(token, { minLength: 1, maxLength: 4 }))
      .map(([dollars, inside]) => `${dollars}x${inside.join('')}${dollars}`);
    let withFormula = 0;
    const runs = 100;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(token, formula, fc.string({ maxLength: 3 })), { maxLength: 12 }),
        async (pieces) => {
          const text = pieces.join('');
          if (splitFormulas(text).some((piece) => typeof piece !== 'string')) withFormula++;
          const { container, unmount } = await shown(text);
          expectNothingActive(container);
          unmount();
        },
      ),
      { numRuns: runs },
    );
    // The property says little unless most texts hold a formula for KaTeX to render or refuse.
    expect(withFormula).toBeGreaterThan(runs / 2);
  });
});
