import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';

type Labels = { submit: string; submitting: string; sent: string; failed: string };

type Failure = { kind: 'required' } | { kind: 'failed'; message: string | undefined };

/**
 * One email field and a submit button, then a "sent" note: the resend-verification and
 * forgot-password pages (SPEC 4, 5). The server answers the same whether or not the
 * address has an account, so the note does too.
 */
export function EmailRequestForm({
  labels,
  send,
}: {
  labels: Labels;
  send: (email: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const trimmed = email.trim();
    if (trimmed === '') {
      setFailure({ kind: 'required' });
      return;
    }
    setFailure(null);
    setSending(true);
    try {
      await send(trimmed);
      setSent(true);
    } catch (error) {
      setFailure({ kind: 'failed', message: serverMessage(error) });
    } finally {
      setSending(false);
    }
  }

  if (sent) return <FormMessage tone="success">{labels.sent}</FormMessage>;

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={failure?.kind === 'required' || undefined}
      />
      {failure && (
        <FormMessage tone="error">
          {failure.kind === 'required' ? t('email.required') : (failure.message ?? labels.failed)}
        </FormMessage>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
        {sending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
