import { describe, expect, it } from 'vitest';
import { scriptOf } from '../../src/lists/script-of.js';

describe('scriptOf', () => {
  it.each([
    ['صدام حسين التكريتي', 'Arabic'],
    ['Хизри Абакаров', 'Cyrillic'],
    ['김정은', 'Korean'],
    ['习近平', 'Chinese'],
    ['ヤマダ', 'Japanese'],
    ['Αθήνα', 'Greek'],
    ['MADURO MOROS, Nicolás', null],
    ['', null],
  ])('%s → %s', (text, script) => {
    expect(scriptOf(text)).toBe(script);
  });
});
