import { describe, expect, it } from 'vitest';
import { parseReasonTemplate, renderReason } from '../../src/decision/reason-template.js';
import { someFacts } from './factories.js';

const render = (text: string, facts = someFacts()) => {
  const parsed = parseReasonTemplate(text);
  if (parsed.problem !== undefined) throw new Error(parsed.problem);
  return renderReason(parsed.template, facts);
};

describe('reason templates', () => {
  it.each([
    ['Remitter {{remitter.name}} sends {{ amounts.usd }} USD.', 'Remitter Claire Dubois sends 250 USD.'],
    ['Countries: {{remitter.countries}}.', 'Countries: FRA.'],
    ['Empty: {{remitter.sanctions.list}} / {{remitter.matchedLists}}.', 'Empty: (none) / (none).'],
    ['Threshold {{settings.complianceThresholdUsd}}.', 'Threshold 10,000.'],
    ['No placeholder at all.', 'No placeholder at all.'],
  ])('%s → %s', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  it('formats amounts with a fixed locale and at most two decimals', () => {
    expect(render('{{amounts.usd}}', someFacts({ amounts: { usd: 1234567.891 } }))).toBe('1,234,567.89');
  });

  it.each([
    ['{{remitter.nope}}', /refers to "remitter\.nope", which does not exist/],
    ['{{client.name}}', /uses unknown fact "client"/],
    ['{{remitter.wallet}}', /names an object, not a value/],
    ['{{remitter name}}', /is not a dotted fact path/],
    ['Unclosed {{remitter.name', /unmatched/],
    ['Stray }} brace', /unmatched/],
  ])('refuses %s', (template, problem) => {
    expect(parseReasonTemplate(template).problem).toMatch(problem);
  });
});
