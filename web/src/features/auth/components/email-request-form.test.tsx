import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

const pages = [
  {
    name: 'resend verification',
    path: '/resend-verification',
    call: 'POST /api/v1/auth/resend-verification',
    heading: 'Resend verification email',
    submit: 'Send verification email',
    sent: 'If an account with that email exists and is not verified, we have sent a new link.',
    failed: 'Failed to send verification email',
    zh: { submit: '发送验证邮件', failed: '发送验证邮件失败' },
  },
  {
    name: 'forgot password',
    path: '/forgot-password',
    call: 'POST /api/v1/auth/password-reset',
    heading: 'Forgot password',
    submit: 'Send reset link',
    sent: 'If an account with that email exists, we have sent a password reset link. It is valid for 1 hour.',
    failed: 'Failed to send password reset email',
    zh: { submit: '发送重置链接', failed: '发送密码重置邮件失败' },
  },
] as const;

for (const page of pages) {
  describe(`${page.name} page`, () => {
    async function open() {
      const rendered = renderApp(page.path);
      await screen.findByRole('heading', { level: 1, name: page.heading });
      return rendered;
    }

    it('asks for an email when the field is blank, without calling the server', async () => {
      const { calls } = mockFetch();
      const { user } = await open();
      await user.type(screen.getByLabelText('Email'), '   ');
      await user.click(screen.getByRole('button', { name: page.submit }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');
      expect(calls).toEqual([]);
    });

    it('sends the trimmed email, then shows the sent state', async () => {
      const { calls } = mockFetch({ [page.call]: { body: { success: true, data: { message: 'server text' } } } });
      const { user } = await open();
      await user.type(screen.getByLabelText('Email'), '  li@example.com ');
      await user.click(screen.getByRole('button', { name: page.submit }));

      expect(await screen.findByText(page.sent)).toBeInTheDocument();
      expect(calls).toHaveLength(1);
      expect(calls[0]?.body).toEqual({ email: 'li@example.com' });
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Back to Home' })).toBeInTheDocument();
    });

    it('shows the server message on failure and keeps the form', async () => {
      mockFetch({
        [page.call]: {
          status: 429,
          body: { success: false, error: { message: 'Too many requests, try again later', code: 'RATE_LIMITED' } },
        },
      });
      const { user } = await open();
      await user.type(screen.getByLabelText('Email'), 'li@example.com');
      await user.click(screen.getByRole('button', { name: page.submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again later');
      expect(screen.getByLabelText('Email')).toHaveValue('li@example.com');
    });

    it(`falls back to '${page.failed}'`, async () => {
      mockFetch({ [page.call]: () => Promise.reject(new TypeError('fetch failed')) });
      const { user } = await open();
      await user.type(screen.getByLabelText('Email'), 'li@example.com');
      await user.click(screen.getByRole('button', { name: page.submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent(page.failed);
    });

    it('speaks Chinese', async () => {
      await i18n.changeLanguage('zh');
      mockFetch({ [page.call]: { status: 502, body: { success: false } } });
      const { user } = renderApp(page.path);
      await user.click(await screen.findByRole('button', { name: page.zh.submit }));
      expect(screen.getByRole('alert')).toHaveTextContent('请输入您的邮箱地址');
      await user.type(screen.getByLabelText('邮箱'), 'li@example.com');
      await user.click(screen.getByRole('button', { name: page.zh.submit }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(page.zh.failed));
    });
  });
}
