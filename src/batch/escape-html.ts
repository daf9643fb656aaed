/**
 * Text for HTML: everything the batch report shows from a portfolio or a list is untrusted input (a
 * listed name, a programme, a customer's name), so every value goes through here, in element text
 * and in quoted attribute values alike.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The text with `& < > " '` as character references.
 *
 * @example escapeHtml('<img src=x onerror=alert(1)>') // '&lt;img src=x onerror=alert(1)&gt;'
 */
export const escapeHtml = (text: string | number): string =>
  String(text).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
