import { describe, expect, it } from 'vitest';
import { compactText, filterOfflineFoods } from '@/features/foods/utils/offline';
import { makeFood } from '@/testing/foods';

const rice = makeFood({ id: 1, name: 'Rice, white, cooked', name_zh: '米饭', pinyin: 'mǐ fàn' });
const egg = makeFood({ id: 2, name: 'Egg, boiled', name_zh: '煮鸡蛋', pinyin: 'zhǔ jī dàn' });
const bread = makeFood({ id: 3, name: 'White bread', name_zh: null, pinyin: null });

describe('offline search of the kept foods', () => {
  it('finds by English name, Chinese name or pinyin (tones and spaces optional)', () => {
    const foods = [rice, egg, bread];
    expect(filterOfflineFoods('white', foods)).toEqual([rice, bread]);
    expect(filterOfflineFoods('鸡蛋', foods)).toEqual([egg]);
    expect(filterOfflineFoods('mifan', foods)).toEqual([rice]);
    expect(filterOfflineFoods('Ji Dan', foods)).toEqual([egg]);
    expect(filterOfflineFoods('pizza', foods)).toEqual([]);
    expect(filterOfflineFoods('  ', foods)).toEqual([]);
  });

  it('lists a food once when it is both recent and a favourite', () => {
    expect(filterOfflineFoods('rice', [rice, egg, { ...rice, is_favorite: true }])).toEqual([rice]);
  });

  it('compares without case, tone marks or spaces', () => {
    expect(compactText('Mǐ Fàn')).toBe('mifan');
  });
});
