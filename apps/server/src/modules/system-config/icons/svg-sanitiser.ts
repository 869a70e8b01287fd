import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { SVG_ATTRIBUTES, SVG_ELEMENTS, TEXT_ELEMENTS } from './svg-allow-list.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Deeper than any drawing nests; far below what would strain the walk. */
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

/** Why an uploaded file is refused as an icon (an SVG that cannot be cleaned into a drawing, or no image at all). */
export class IconRefused extends Error {}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** An embedded raster image, the only non-fragment address an <image> may have. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
const URL_CALL = /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/**
 * CSS (a style attribute, a <style> element, a presentation attribute) is kept only when it can fetch
 * nothing: every url() points inside the document (#id), and there is no @import, no escape (which
 * could spell a url( the check cannot see), no script-capable construct.
 */
export function cssIsSafe(css: string): boolean {
  if (/[\\]|@import|expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/i.test(css)) return false;
  for (const [, , target = ''] of css.matchAll(URL_CALL)) if (!target.trim().startsWith('#')) return false;
  // A url( the pattern above did not read whole (an unbalanced quote) is refused too.
  return (css.match(/url\s*\(/gi)?.length ?? 0) === [...css.matchAll(URL_CALL)].length;
}

/** An address an attribute may hold: a fragment of this document, or an embedded raster on <image>. */
function hrefIsSafe(value: string, element: string): boolean {
  // Browsers skip whitespace and control characters inside a scheme ("jav&#9;ascript:"): judge the address without them.
  const compact = [...value].filter((c) => c.charCodeAt(0) > 0x20).join('');
  return compact.startsWith('#') || (element === 'image' && DATA_IMAGE.test(value.trim()));
}

/** The attribute as it may be written, or undefined when it is dropped. */
function keptAttribute(attribute: SaxesAttributeNS, element: string): [string, string] | undefined {
  const { uri, local, value } = attribute;
  const isHref = local === 'href' && (uri === '' || uri === XLINK_NS);
  if (isHref) return hrefIsSafe(value, element) ? ['href', value] : undefined;
  if (uri !== '' || !SVG_ATTRIBUTES.has(local)) return undefined;
  if (!cssIsSafe(value)) return undefined;
  return [local, value];
}

/**
 * Cleans an SVG icon with a strict allow-list: the markup is parsed as XML (a DOCTYPE, hence any
 * entity declaration, is refused; an undeclared entity is a parse error), then written anew from
 * the allowed elements and attributes only, with text escaped. So no <script>, no on* handler, no
 * <foreignObject>, no external or javascript: href, no CSS url() outside the document survives,
 * and comments and processing instructions are gone.
 */
export function sanitiseSvg(source: string): string {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const out: string[] = [];
  const open: string[] = [];
  let skipping = 0;
  let depth = 0;
  let elements = 0;
  let rootSeen = false;

  parser.on('doctype', () => {
    throw new IconRefused('a DOCTYPE (and any entity declared in it) is not allowed');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth++;
    if (++elements > MAX_ELEMENTS || depth > MAX_DEPTH) throw new IconRefused('too many or too deeply nested elements');
    if (!rootSeen) {
      rootSeen = true;
      if (tag.uri !== SVG_NS || tag.local !== 'svg') throw new IconRefused('the root element is not <svg>');
    }
    if (skipping > 0 || tag.uri !== SVG_NS || !SVG_ELEMENTS.has(tag.local)) {
      skipping++;
      return;
    }
    const attributes = Object.values(tag.attributes as Record<string, SaxesAttributeNS>)
      .map((attribute) => keptAttribute(attribute, tag.local))
      .filter((kept): kept is [string, string] => kept !== undefined)
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('');
    const namespace = open.length === 0 ? ` xmlns="${SVG_NS}"` : '';
    out.push(`<${tag.local}${namespace}${attributes}>`);
    open.push(tag.local);
  });
  parser.on('closetag', () => {
    depth--;
    if (skipping > 0) {
      skipping--;
      return;
    }
    const name = open.pop();
    if (name) out.push(`</${name}>`);
  });
  const text = (value: string) => {
    const current = open.at(-1);
    if (skipping > 0 || !current || !TEXT_ELEMENTS.has(current)) return;
    out.push(escapeText(value));
  };
  parser.on('text', text);
  parser.on('cdata', text);

  try {
    parser.write(source).close();
  } catch (error) {
    if (error instanceof IconRefused) throw error;
    throw new IconRefused(`not well-formed XML (${(error as Error).message.split('\n')[0]})`);
  }
  if (!rootSeen) throw new IconRefused('no <svg> element');
  return dropUnsafeStyles(out).join('');
}

/** A <style> element whose CSS could fetch anything is dropped whole (its text is known only at its end). */
function dropUnsafeStyles(parts: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (!part.startsWith('<style')) {
      kept.push(part);
      continue;
    }
    const end = parts.indexOf('</style>', i);
    const css = parts
      .slice(i + 1, end)
      .join('')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    if (cssIsSafe(css)) kept.push(...parts.slice(i, end + 1));
    i = end;
  }
  return kept;
}
