import { describe, expect, it } from 'vitest';
import { cookingLabel, issueLabel, keywordLabel, portionLabel, stepLabel } from '@/features/recognition/utils/labels';
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
});
