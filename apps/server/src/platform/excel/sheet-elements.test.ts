import { describe, expect, it } from 'vitest';
import { createElementCounter } from './sheet-elements.ts';

const counted = (chunks: string[]) => {
  const counter = createElementCounter();
  for (const chunk of chunks) counter.feed(Buffer.from(chunk));
  return counter.count;
};

describe('counting rows and cells of worksheet XML', () => {
  const xml = '<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"/></row><x:row><x:c>2</x:c></x:row><row/></sheetData>';

  it('counts start tags, with or without a prefix, and nothing that only starts like one', () => {
    expect(counted([xml])).toEqual({ rows: 3, cells: 3 });
    expect(counted(['<cols><col min="1"/></cols><rowBreaks/><cellWatches/><t>&lt;row r="9"&gt;</t>'])).toEqual({ rows: 0, cells: 0 });
  });

  it('counts each tag once however the text is cut into chunks', () => {
    for (let size = 1; size <= 12; size++) {
      const chunks = xml.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(counted(chunks), `chunks of ${size}`).toEqual({ rows: 3, cells: 3 });
    }
  });
});
