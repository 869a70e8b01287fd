/**
 * Start tags of rows and cells in SpreadsheetML, with or without a namespace prefix (`<row r="2">`,
 * `<x:c r="A2"/>`). Markup characters in text are escaped (`&lt;`), so text cannot fake a tag.
 */
const START_TAG = /<(?:[A-Za-z_][\w.-]{0,20}:)?(row|c)[\s>/]/g;
/** Longer than any match: a tag split between two chunks is found whole in the next one. */
const CARRY = 32;

export interface ElementCount {
  rows: number;
  cells: number;
}

/**
 * Counts the rows and cells of worksheet XML as it is inflated, chunk by chunk, so a sheet of a
 * million tiny rows is refused before a workbook parser builds an object for each of them.
 */
export function createElementCounter() {
  const count: ElementCount = { rows: 0, cells: 0 };
  let carry = '';
  return {
    count,
    feed(chunk: Buffer): void {
      // Tags are ASCII: latin1 maps bytes to characters one to one, whatever the text's encoding.
      const text = carry + chunk.toString('latin1');
      for (const match of text.matchAll(START_TAG)) {
        // A tag wholly within the carried tail was counted with the previous chunk.
        if (match.index + match[0].length <= carry.length) continue;
        if (match[1] === 'row') count.rows++;
        else count.cells++;
      }
      carry = text.slice(-CARRY);
    },
  };
}
