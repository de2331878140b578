import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { displayLocale, i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render';

describe('language switcher', () => {
  it('switches the UI to Chinese and remembers the choice', async () => {
    const { user } = renderApp('/');
    const switcher = screen.getByRole('group', { name: 'Language' });
    expect(within(switcher).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(switcher).getByRole('button', { name: '中文' }));

    expect(screen.getByRole('heading', { level: 1, name: '食物搜索' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('language')).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.title).toBe('卡路里追踪');
    expect(displayLocale()).toBe('zh-CN');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Food search' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('maps languages to display locales, falling back to English', () => {
    expect(displayLocale('zh')).toBe('zh-CN');
    expect(displayLocale('zh-TW')).toBe('zh-CN');
    expect(displayLocale('en')).toBe('en-US');
    expect(displayLocale('fr')).toBe('en-US');
  });

  it('falls back to English for a language it does not have', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('nav.dashboard')).toBe('Dashboard');
  });
});
