/**
 * A minimal XML writer for S3's responses: elements with text or child elements, nothing else.
 * Text is escaped for XML; characters XML 1.0 cannot carry are written as character references, as
 * S3 does (clients asking for EncodingType=url avoid them altogether).
 */
export type XmlValue = string | number | boolean | Date;
export type XmlContent = XmlValue | XmlNode[] | undefined;
export interface XmlNode {
  name: string;
  content: XmlContent;
}

export const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

/** An element; an undefined content leaves the element out (see `render`). */
export const el = (name: string, content: XmlContent): XmlNode => ({ name, content });

/** Elements for each item, under one name: a repeated element such as Contents or Part. */
export const each = <T>(name: string, items: readonly T[], content: (item: T) => XmlNode[]): XmlNode[] =>
  items.map((item) => el(name, content(item)));

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;' };

// eslint-disable-next-line no-control-regex -- finding the control characters XML 1.0 cannot carry is the point
const NEEDS_ESCAPE = /[&<>"'\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(NEEDS_ESCAPE, (c) => ESCAPES[c] ?? `&#${c.charCodeAt(0)};`);
}

function text(value: XmlValue): string {
  if (value instanceof Date) return value.toISOString();
  return escapeXml(String(value));
}

function renderNode(node: XmlNode, attributes = ''): string {
  const { name, content } = node;
  if (content === undefined) return '';
  if (!Array.isArray(content)) return `<${name}${attributes}>${text(content)}</${name}>`;
  const inner = content.map((child) => renderNode(child)).join('');
  return inner === '' && attributes === '' ? `<${name}></${name}>` : `<${name}${attributes}>${inner}</${name}>`;
}

/** A whole document: the declaration, then `root` in S3's namespace (unless `xmlns` is false). */
export function renderXml(root: XmlNode, xmlns = true): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderNode(root, xmlns ? ` xmlns="${S3_XMLNS}"` : '')}`;
}
