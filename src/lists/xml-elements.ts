/**
 * A streaming XML reader for the list parsers: saxes reads the input chunk by chunk, and only the
 * elements a parser asks for are built, as small trees, handed over when they close and then
 * dropped. Memory is bounded by the largest such element, never by the document (OFAC's advanced
 * XML is 121 MB).
 * A file whose root is not the expected one, or that is not well-formed (including one cut off
 * mid-document), is an INVALID_LIST_FILE error, never a silently short list.
 */
import { SaxesParser } from 'saxes';
import { WardenError } from '../model/errors.js';
import { textChunks, type ListInput } from './list-input.js';

export interface XmlElement {
  /** Local name (any namespace prefix removed). */
  name: string;
  /**
   * As saxes gives them, not detached like `text` (copying them cost ~8% of the OFAC parse): a
   * long value may keep its input chunk alive, so copy one before keeping it. The parsers here
   * keep only ids, which are short enough for V8 to copy anyway.
   */
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** The element's own text, trimmed (the text of its children is on them). */
  text: string;
}

export interface XmlStreamSpec {
  /** Expected local name of the root element; anything else is refused. */
  root: string;
  /** A human name for errors: "The UN consolidated list XML". */
  label: string;
  /** Local names of the elements to build and hand over. */
  collect: ReadonlySet<string>;
  /** Called with each collected element when it closes; `ancestors` are the names above it. */
  onElement(element: XmlElement, ancestors: readonly string[]): void;
  /** Called with the root element's attributes when it opens. */
  onRoot?(attributes: Readonly<Record<string, string>>): void;
}

/**
 * A copy of `text` that does not keep the chunk it was cut from alive. V8 represents a substring
 * of 13+ characters as a view into its parent, so one kept name would pin a whole 64 KB chunk:
 * on OFAC's advanced XML the heap kept 192 MB after the parse instead of 38 MB.
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** First child named `name`, or undefined. */
export function childOf(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child named `name`. */
export function childrenOf(element: XmlElement | undefined, name: string): XmlElement[] {
  return element === undefined ? [] : element.children.filter((c) => c.name === name);
}

/** Trimmed text of the first child named `name`, or '' when there is none. */
export function childText(element: XmlElement | undefined, name: string): string {
  return childOf(element, name)?.text ?? '';
}

/** Streams `input` through saxes, handing each element named in `spec.collect` to `spec.onElement`. */
export async function streamXmlElements(input: ListInput, spec: XmlStreamSpec): Promise<void> {
  // Position tracking costs about a fifth of the parse time; errors name the element instead.
  const parser = new SaxesParser({ position: false });
  const ancestors: string[] = [];
  const building: XmlElement[] = [];
  let failure: Error | null = null;
  let sawRoot = false;

  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (!sawRoot) {
      sawRoot = true;
      if (name !== spec.root) {
        throw new WardenError(
          'INVALID_LIST_FILE',
          `${spec.label} must have the root element <${spec.root}>, but this file's root is <${name}>.`,
        );
      }
      spec.onRoot?.(tag.attributes as Record<string, string>);
    }
    if (building.length > 0 || spec.collect.has(name)) {
      const element: XmlElement = {
        name,
        attributes: tag.attributes as Record<string, string>,
        children: [],
        text: '',
      };
      building.at(-1)?.children.push(element);
      building.push(element);
    }
    ancestors.push(name);
  });
  parser.on('text', (text) => {
    const current = building.at(-1);
    if (current !== undefined) current.text += text;
  });
  parser.on('cdata', (text) => {
    const current = building.at(-1);
    if (current !== undefined) current.text += text;
  });
  parser.on('closetag', () => {
    ancestors.pop();
    const element = building.pop();
    if (element === undefined) return;
    element.text = ownCopy(element.text.trim());
    if (building.length === 0) spec.onElement(element, ancestors);
  });

  const fail = (error: Error): never => {
    throw new WardenError('INVALID_LIST_FILE', `${spec.label} is not well-formed XML (${error.message}).`, {
      cause: error,
    });
  };
  // saxes reports malformed input through the error handler, so what `write` throws comes from our
  // own handlers (the root check) and passes through as it is.
  for await (const chunk of textChunks(input)) {
    parser.write(chunk);
    if (failure !== null) fail(failure);
  }
  parser.close();
  if (!sawRoot)
    throw new WardenError('INVALID_LIST_FILE', `${spec.label} is empty: it has no XML root element.`);
  if (failure !== null) fail(failure);
}
