import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvTexts as koCsvTexts } from '../../common/i18n/ko/submissionTexts.ts';
import { LANGUAGE_COOKIE, type Language, requestLanguage } from '../../common/i18n/translation.ts';
import { csvTexts } from '../../common/submissionTexts.ts';

/**
 * CSV as LibreOffice and Excel open it (docs/product.md, "Exports"): UTF-8 behind a byte order
 * mark (else Excel reads Korean as the system's code page), CRLF line ends, RFC 4180 quoting.
 */
export const BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell starting with one of these as a formula (a tab or CR too, after which
 * some trim and evaluate): an answer typed `=HYPERLINK(…)` must stay text, so it gets a leading `'`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A CSV file as a service hands it to its route: its name, header row and rows page by page. */
export type CsvExport = {
  fileName: string;
  header: readonly string[];
  pages: AsyncIterable<readonly (readonly (string | number | null)[])[]>;
};

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266), so Korean names survive. */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers with a CSV written page by page: `pages` reads one keyset page at a time, and the
 * stream asks for the next only when the socket has taken the last (one page in flight at most),
 * so a 100,000-row file never sits in memory.
 */
export function sendCsv(reply: FastifyReply, { fileName, header, pages }: CsvExport): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    yield BOM + csvLine(header);
    for await (const rows of pages) {
      if (rows.length > 0) yield rows.map(csvLine).join('');
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', disposition(fileName))
    .header('cache-control', 'no-store')
    .send(Readable.from(lines(), { objectMode: false, highWaterMark: 1 }));
}

/**
 * The language of a file: the page's (the `lang` cookie of the language switch), else the browser's.
 * A download link is a plain navigation, which sends no language header of the app's own.
 */
export function csvLanguage(request: FastifyRequest): Language {
  return requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/** The header rows and cell words of the exports, in the requester's language. */
export function csvWords(language: Language) {
  return language === 'ko' ? koCsvTexts : csvTexts;
}
