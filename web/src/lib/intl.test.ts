import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

describe('formatters', () => {
  it('are made once per locale and options, and format in that locale', () => {
    expect(numberFormat('en-US', 1)).toBe(numberFormat('en-US', 1));
    expect(numberFormat('en-US', 1)).not.toBe(numberFormat('en-US', 0));
    expect(numberFormat('en-US', 1).format(1234.56)).toBe('1,234.6');
    expect(numberFormat('zh-CN', 0).format(1234.56)).toBe('1,235');
    const day = new Date(2026, 10, 25);
    expect(dateTimeFormat('en-US', { month: 'long' })).toBe(dateTimeFormat('en-US', { month: 'long' }));
    expect(dateTimeFormat('en-US', { month: 'long' }).format(day)).toBe('November');
    expect(dateTimeFormat('zh-CN', { month: 'long' }).format(day)).toBe('十一月');
  });
});
