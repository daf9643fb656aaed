import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { childText, streamXmlElements, type XmlElement } from '../../src/lists/xml-elements.js';

const XML =
  '<?xml version="1.0"?><list date="2026-01-01"><item id="1"><name> A </name></item><item id="2"><name>B</name></item></list>';

async function items(input: string | Readable, root = 'list'): Promise<XmlElement[]> {
  const found: XmlElement[] = [];
  await streamXmlElements(input, {
    root,
    label: 'The test list',
    collect: new Set(['item']),
    onElement: (element) => found.push(element),
  });
  return found;
}

describe('streamXmlElements', () => {
  it('hands over each collected element with its attributes and trimmed text', async () => {
    const found = await items(Readable.from([XML.slice(0, 50), XML.slice(50)]));
    expect(found.map((e) => [e.attributes.id, childText(e, 'name')])).toEqual([
      ['1', 'A'],
      ['2', 'B'],
    ]);
  });

  it('reads the root attributes', async () => {
    let date = '';
    await streamXmlElements(XML, {
      root: 'list',
      label: 'The test list',
      collect: new Set(),
      onElement: () => undefined,
      onRoot: (attributes) => (date = attributes.date ?? ''),
    });
    expect(date).toBe('2026-01-01');
  });

  it.each([
    ['a document cut mid-way', XML.slice(0, 80), 'list', /not well-formed XML/],
    [
      'a different root',
      XML,
      'CONSOLIDATED_LIST',
      /root element <CONSOLIDATED_LIST>, but this file's root is <list>/,
    ],
    ['an empty file', '', 'list', /is empty/],
    ['text that is not XML', 'id,name\n1,ACME\n', 'list', /not well-formed XML|is empty/],
  ])('%s → INVALID_LIST_FILE', async (_case, input, root, message) => {
    await expect(items(input, root)).rejects.toMatchObject({
      code: 'INVALID_LIST_FILE',
      message: expect.stringMatching(message),
    });
  });
});
