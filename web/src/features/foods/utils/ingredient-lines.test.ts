import { describe, expect, it } from 'vitest';
import { ingredientLines, notesFor, recipeLineFor } from '@/features/foods/utils/ingredient-lines';

describe('ingredient lines', () => {
  it('split a standard recipe at its semicolons, its weights after the list', () => {
    const text =
      'Pork belly 五花肉 500 g; Soy sauce 酱油 30 g; Spring onion, green part 葱 10.5 g. ' +
      'Raw 905 g, cooked 634 g (yield 70 %). 原料共 905 克，熟重 634 克。';
    const { lines, notes } = ingredientLines(text);
    expect(lines).toEqual(['Pork belly 五花肉 500 g', 'Soy sauce 酱油 30 g', 'Spring onion, green part 葱 10.5 g']);
    expect(notes).toEqual(['Raw 905 g, cooked 634 g (yield 70 %).', '原料共 905 克，熟重 634 克。']);
    expect(notesFor(notes, 'en')).toEqual(['Raw 905 g, cooked 634 g (yield 70 %).']);
    expect(notesFor(notes, 'zh')).toEqual(['原料共 905 克，熟重 634 克。']);
  });

  it('split a label at its commas, not inside brackets nor in numbers', () => {
    expect(ingredientLines('Ingredients: Sugar, cocoa butter 21.5%, milk powder (skimmed, whole), salt. May contain nuts.')).toEqual({
      lines: ['Sugar', 'cocoa butter 21.5%', 'milk powder (skimmed, whole)', 'salt'],
      notes: ['May contain nuts.'],
    });
    expect(ingredientLines('配料：小麦粉，白砂糖、植物油（棕榈油，大豆油）').lines).toEqual([
      '小麦粉',
      '白砂糖',
      '植物油（棕榈油，大豆油）',
    ]);
  });

  it('keep notes in one language when that is all there is', () => {
    expect(notesFor(['May contain nuts.'], 'zh')).toEqual(['May contain nuts.']);
    expect(ingredientLines('water').lines).toEqual(['water']);
  });

  it('give a recipe line in the reader’s language, as written when its food has no Chinese name', () => {
    expect(recipeLineFor('Pork belly, raw 五花肉 500 g', 'en')).toBe('Pork belly, raw 500 g');
    expect(recipeLineFor('Pork belly, raw 五花肉 500 g', 'zh')).toBe('五花肉 500 克');
    expect(recipeLineFor('Milk, reduced fat 牛奶（低脂2%） 12.5 g', 'zh')).toBe('牛奶（低脂2%） 12.5 克');
    expect(recipeLineFor('Spices, anise seed 2 g', 'zh')).toBe('Spices, anise seed 2 g');
  });
});
