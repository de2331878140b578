import { describe, expect, it } from 'vitest';
import type { PhotoPortion, RecognizedFood, Validation } from '@/features/recognition/types';
import {
  certaintyLabel,
  cookingLabel,
  countLabel,
  dataQualityLabel,
  issueLabel,
  keywordLabel,
  learnedLabel,
  portionLabel,
  portionText,
  portionWords,
  stepLabel,
} from '@/features/recognition/utils/labels';
import { i18n } from '@/lib/i18n';

describe('recognition labels', () => {
  const zh = i18n.getFixedT('zh', 'recognition');
  const en = i18n.getFixedT('en', 'recognition');

  it('say the server’s English portions, methods, issues and steps in Chinese', () => {
    expect(portionLabel(zh, '1 slice')).toBe('1 块');
    expect(portionLabel(zh, '2 × 1 medium banana')).toBe('2 × 1 根中等大小的香蕉');
    expect(portionLabel(zh, '150 g')).toBe('150 克');
    expect(cookingLabel(zh, 'baked')).toBe('烘烤');
    expect(cookingLabel(zh, 'as named')).toBeNull();
    expect(cookingLabel(zh, 'as served')).toBeNull();
    expect(cookingLabel(en, 'as served')).toBeNull();
    expect(issueLabel(zh, 'Unusual fat content')).toBe('脂肪含量异常');
    expect(stepLabel(zh, 'food_detection', 'Detecting foods')).toBe('正在识别食物');
    expect(keywordLabel(zh, 'hot dog')).toBe('热狗');
  });

  it('keep English as sent and pass unknown values through', () => {
    expect(portionLabel(en, '2 × 1 slice')).toBe('2 × 1 slice');
    expect(portionLabel(zh, '1 cup, chopped')).toBe('1 cup, chopped');
    expect(cookingLabel(en, 'steamed')).toBe('steamed');
    expect(keywordLabel(en, 'Banana')).toBe('Banana');
    expect(keywordLabel(zh, 'Banana')).toBe('香蕉');
  });

  const per = { calories: 266, protein: 11, fat: 10, carbs: 33, fiber: 2, sugar: 4, sodium: 600 };
  const pizza: RecognizedFood = {
    name: 'Pizza', name_zh: '披萨', food_id: 9, estimated_grams: 220, cooking_method: 'baked',
    portion_description: '2 slices of pizza, about 220 g', portion_description_zh: '2 块披萨，约 220 克', count: 2,
    per_100g: per,
  };
  const words = { name: 'Pizza', percent: (score: number) => `${Math.round(score * 100)}%`, memoryDate: 'Nov 12' };
  const with_ = (recognition: RecognizedFood['recognition'], answer?: PhotoPortion['answer']): PhotoPortion => ({
    food: { ...pizza, recognition }, grams: 220, answer,
  });

  it('say the own portion of a food found by search as a guess, in the reader’s language', () => {
    const rice = { ...pizza, name: 'Rice', estimated_grams: 150, portion_description: '' };
    const serving = { grams: 150, name: '1 bowl', name_zh: '1 碗' };
    expect(portionWords(en, { food: rice, grams: 150, answer: 'search', serving }, false)).toBe('1 bowl, about 150 g');
    expect(portionWords(zh, { food: rice, grams: 150, answer: 'search', serving }, true)).toBe('1 碗，约 150 克');
    expect(portionWords(zh, { food: rice, grams: 150, answer: 'search', serving: { ...serving, name_zh: null } }, true)).toBe('1 bowl，约 150 克');
    const none = { ...rice, estimated_grams: 100 };
    expect(portionWords(en, { food: none, grams: 120, answer: 'search', serving: null }, false)).toBe('about 100 g');
    expect(portionWords(zh, { food: none, grams: 120, answer: 'search', serving: null }, true)).toBe('约 100 克');
    // Any other food says the server's words.
    expect(portionWords(en, { food: pizza, grams: 220 }, false)).toBe('2 slices of pizza, about 220 g');
  });

  it('say the portion in the reader’s language, with a count the words leave out', () => {
    expect(portionText(zh, pizza, true)).toBe('2 块披萨，约 220 克');
    expect(portionText(en, pizza, false)).toBe('2 slices of pizza, about 220 g');
    expect(portionText(zh, { ...pizza, portion_description_zh: null }, true)).toBe('2 slices of pizza, about 220 g');
    expect(portionText(en, { ...pizza, portion_description: '1 slice', count: 3 }, false)).toBe('3 × 1 slice');
    expect(portionText(zh, { ...pizza, portion_description: '1 slice', portion_description_zh: null, count: 3 }, true)).toBe('3 × 1 块');
    expect(portionText(en, { ...pizza, portion_description: '' }, false)).toBe('');
  });

  it('word how sure the recogniser is, or what settled the food', () => {
    const sure = { score: 0.86, level: 'sure', source: 'detector', needs_confirmation: false } as const;
    expect(certaintyLabel(en, with_(sure), words)).toEqual({ text: 'Looks like Pizza — 86%', withName: true });
    expect(certaintyLabel(zh, with_({ ...sure, score: 0.62, level: 'likely' }), { ...words, name: '披萨' })?.text).toBe('可能是披萨 — 62%');
    expect(certaintyLabel(en, with_({ ...sure, source: 'notes' }), words)).toEqual({ text: 'You named it', withName: false });
    expect(certaintyLabel(zh, with_({ ...sure, source: 'notes' }), words)?.text).toBe('你标注的');
    expect(certaintyLabel(en, with_({ ...sure, source: 'memory' }), words)?.text).toBe('Like your meal of Nov 12');
    expect(certaintyLabel(en, with_({ ...sure, level: 'unsure', needs_confirmation: true }, 'yes'), words)?.text).toBe('Confirmed by you');
    expect(certaintyLabel(en, with_(undefined), words)).toBeNull();
  });

  it('say what this user’s photos taught, and how many were counted or answered', () => {
    expect(learnedLabel(en, 'learned')).toBe('From your earlier photos');
    expect(learnedLabel(zh, 'learned')).toBe('来自你之前的照片');
    expect(learnedLabel(en, 'dish_model')).toBeNull();
    expect(learnedLabel(en, null)).toBeNull();
    const pancakes = { ...pizza, name: 'Pancake', count: 4, count_basis: 'counted' as const, grams_per_item: 40 };
    expect(countLabel(en, { food: pancakes, grams: 160 })).toBe('4 counted');
    expect(countLabel(zh, { food: pancakes, grams: 160 })).toBe('数到 4 个');
    const assumed = { ...pancakes, count: 1, count_basis: 'assumed' as const };
    // Not counted and not answered yet: no number is said.
    expect(countLabel(en, { food: assumed, grams: 40 })).toBeNull();
    expect(countLabel(en, { food: assumed, grams: 120, counted: 3 })).toBe('3, as you said');
    expect(countLabel(zh, { food: assumed, grams: 120, counted: 3 })).toBe('你说有 3 个');
    expect(countLabel(en, { food: { ...pancakes, count_basis: null }, grams: 160 })).toBeNull();
  });

  it('word the nutrition data’s quality as the data’s', () => {
    const validation: Validation = { isValid: true, dataQuality: 'usda', issues: [], confidence: 'high' };
    expect(dataQualityLabel(en, validation)).toBe('USDA data');
    expect(dataQualityLabel(zh, { ...validation, dataQuality: 'default', confidence: 'low' })).toBe('估算值');
    expect(dataQualityLabel(en, undefined)).toBeNull();
  });
});
