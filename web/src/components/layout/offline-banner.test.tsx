import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { i18n } from '@/lib/i18n';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('offline banner', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows while the device is offline and goes when it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline: showing what this device has kept.');
    goOffline(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is there from the start when the app opens offline, in Chinese too', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await i18n.changeLanguage('zh');
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('当前离线：显示的是本设备保存的内容。');
  });
});
