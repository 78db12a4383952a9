/**
 * A minimal streaming scan of the XML parts of an XLSX (SpreadsheetML as Excel, LibreOffice
 * and exceljs write it): elements by local name (prefixes dropped), their attributes, and
 * the text between them. No DTD, no external entities: nothing but the five named entities
 * and character references is expanded.
 */

export interface XmlHandlers {
  open?(name: string, attrs: string, selfClosing: boolean): void;
  close?(name: string): void;
  text?(text: string): void;
}

const TOKEN = /<(?:(\/)?(?:[\w.-]+:)?([\w.-]+)((?:[^>"']|"[^"]*"|'[^']*')*)>|!\[CDATA\[([\s\S]*?)\]\]>|!--[\s\S]*?-->|[?!][^>]*>)/g;

export function scanXml(xml: string, h: XmlHandlers): void {
  TOKEN.lastIndex = 0;
  let last = 0;
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    if (m.index > last && h.text) h.text(decodeXml(xml.slice(last, m.index)));
    last = TOKEN.lastIndex;
    const [, closing, name, attrs, cdata] = m;
    if (cdata !== undefined) h.text?.(cdata);
    else if (name === undefined) continue;
    else if (closing) h.close?.(name);
    else {
      const selfClosing = attrs!.endsWith('/');
      h.open?.(name, attrs!, selfClosing);
      if (selfClosing) h.close?.(name);
    }
  }
  if (last < xml.length && h.text) h.text(decodeXml(xml.slice(last)));
}

const ATTR = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** One attribute's value (by local name), decoded; undefined if absent. */
export function attr(attrs: string, name: string): string | undefined {
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(attrs); m; m = ATTR.exec(attrs)) {
    const key = m[1]!;
    const local = key.slice(key.indexOf(':') + 1);
    if (local === name && !key.startsWith('xmlns')) return decodeXml(m[2] ?? m[3] ?? '');
  }
  return undefined;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e]!;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** Excel's escapes of characters XML cannot hold (`_x000D_`; `_x005F_` for a literal underscore). */
export const decodeOoxmlText = (s: string): string =>
  s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : s;
