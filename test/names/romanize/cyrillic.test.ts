import { describe, expect, it } from 'vitest';
import { romanizeCyrillic } from '../../../src/names/romanize/cyrillic.js';

describe('romanizeCyrillic', () => {
  it.each([
    ['Евгений', 'yevgeniy'],
    ['Андреевич', 'andreyevich'],
    ['Ходорковский', 'khodorkovskiy'],
    ['Щукин', 'shchukin'],
    ['Жуков', 'zhukov'],
    ['Объединённая', 'obyedinennaya'],
    ['Чен', 'jong'],
    ['Ын', 'un'],
  ])('Russian %s → %s', (run, expected) => {
    expect(romanizeCyrillic(run, false)).toBe(expected);
  });

  it.each([
    ['Володимир', 'volodymyr'],
    ['Зеленський', 'zelenskyy'],
    ['Янукович', 'yanukovych'],
    ['Олексій', 'oleksiy'],
    ['Їжакевич', 'yizhakevych'],
    ['Григорій', 'hryhoriy'],
  ])('Ukrainian %s → %s', (run, expected) => {
    expect(romanizeCyrillic(run, true)).toBe(expected);
  });
});
