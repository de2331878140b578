import { useId, useRef, useState, type ComponentProps, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/ui/field';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { useRegister } from '@/features/auth/api/register';
import { useFailureMessage } from '@/features/auth/hooks/use-failure-message';
import {
  MAX_NICKNAME,
  REGISTRATION_FIELDS,
  USERNAME_LENGTH,
  registrationFailure,
  registrationProblems,
  type FieldProblem,
  type RegistrationField,
  type RegistrationInput,
  type RegistrationProblems,
} from '@/features/auth/utils/registration';
import { useLoginDialog, type LoginDialogTab } from '@/lib/auth';

const TABS: readonly LoginDialogTab[] = ['login', 'register'];

/** The one login dialog of the app, opened from anywhere through `useLoginDialog`. */
export function LoginDialog() {
  const { t } = useTranslation('auth');
  const dialog = useLoginDialog();
  const titleId = useId();
  const idPrefix = useId();
  const tabId = (tab: LoginDialogTab) => `${idPrefix}-${tab}-tab`;
  const panelId = (tab: LoginDialogTab) => `${idPrefix}-${tab}-panel`;
  const [registeredName, setRegisteredName] = useState('');

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(dialog.tab) + 1) % TABS.length] ?? 'login';
    dialog.setTab(next);
    document.getElementById(tabId(next))?.focus();
  }

  return (
    <Modal open={dialog.isOpen} onClose={dialog.close} labelledBy={titleId} className="login-panel">
      <ModalHeader titleId={titleId} onClose={dialog.close}>
        {t('dialog.title')}
      </ModalHeader>
      <div role="tablist" aria-label={t('dialog.tabs')} className="tabs">
        {TABS.map((tab) => (
          <button
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={dialog.tab === tab}
            aria-controls={panelId(tab)}
            tabIndex={dialog.tab === tab ? 0 : -1}
            onClick={() => dialog.setTab(tab)}
            onKeyDown={onTabKeyDown}
          >
            {tab === 'login' ? t('dialog.loginTab') : t('dialog.registerTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(dialog.tab)} aria-labelledby={tabId(dialog.tab)}>
        {dialog.tab === 'login' ? (
          <LoginForm initialUsername={registeredName} />
        ) : (
          <RegisterForm
            onRegisteredWithoutSession={(username) => {
              setRegisteredName(username);
              dialog.setTab('login');
            }}
          />
        )}
      </div>
    </Modal>
  );
}

/** Every field of these forms must be filled: `formIsValid` lets the browser say which is empty. */
function RequiredField(props: ComponentProps<typeof TextField>) {
  return <TextField required {...props} />;
}

/** Lets the browser say which required field is empty, in its own language. */
function formIsValid(event: FormEvent<HTMLFormElement>): boolean {
  event.preventDefault();
  const form = event.currentTarget;
  if (form.checkValidity()) return true;
  form.reportValidity();
  return false;
}

function LoginForm({ initialUsername }: { initialUsername: string }) {
  const { t } = useTranslation('auth');
  const dialog = useLoginDialog();
  const toast = useToast();
  const failureMessage = useFailureMessage();
  const { trigger, isMutating } = useLogin();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!formIsValid(event) || isMutating) return;
    try {
      const session = await trigger({ username: username.trim(), password });
      toast.success(t('login.success', { name: session.user.nickname || session.user.username }));
      dialog.close();
    } catch (error) {
      toast.error(failureMessage(error, t('login.failed')));
    }
  }

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <RequiredField
        label={t('fields.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        data-autofocus
      />
      <RequiredField
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={isMutating}>
        {isMutating ? t('login.submitting') : t('login.submit')}
      </button>
      <Link to={paths.forgotPassword} className="form-link" onClick={dialog.close}>
        {t('dialog.forgotPassword')}
      </Link>
    </form>
  );
}

function RegisterForm({ onRegisteredWithoutSession }: { onRegisteredWithoutSession: (username: string) => void }) {
  const { t, i18n } = useTranslation('auth');
  const dialog = useLoginDialog();
  const toast = useToast();
  const failureMessage = useFailureMessage();
  const { trigger, isMutating } = useRegister();
  const [form, setForm] = useState<RegistrationInput>({ username: '', email: '', nickname: '', password: '' });
  // Each field's broken rule, said under it until the field changes.
  const [problems, setProblems] = useState<RegistrationProblems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const update = (field: RegistrationField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setProblems(({ [field]: _changed, ...rest }) => rest);
  };

  function showProblems(found: RegistrationProblems) {
    setProblems(found);
    const first = REGISTRATION_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating) return;
    const found = registrationProblems(form);
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    const input = {
      username: form.username.trim(),
      email: form.email.trim(),
      nickname: form.nickname.trim(),
      password: form.password,
    };
    try {
      const result = await trigger(input);
      if (result?.access && result.user) {
        const name = result.user.nickname || result.user.username;
        // One message, not two stacked over the page.
        if (result.verification_sent) toast.success(t('register.successVerify', { name }), { duration: 8000 });
        else toast.success(t('register.success', { name }));
        dialog.close();
      } else {
        toast.success(t('register.checkEmail'), { duration: 6000 });
        onRegisteredWithoutSession(input.username);
      }
    } catch (error) {
      // A refusal about one field is said under it; any other (a limit, the server away) as a message.
      const refused = registrationFailure(error);
      if (refused) showProblems({ [refused.field]: refused.problem });
      else toast.error(failureMessage(error, t('register.failed')));
    }
  }

  /** A field's problem in the page's language: the form's words for a rule it knows, else the server's (in English). */
  function problemText(problem: FieldProblem): string {
    if (problem.serverText && i18n.resolvedLanguage === 'en') return problem.serverText;
    return t(`register.problems.${problem.rule}`, { min: USERNAME_LENGTH.min, max: problem.rule.startsWith('nickname') ? MAX_NICKNAME : USERNAME_LENGTH.max });
  }

  /** The props that mark a field invalid and say why under it. */
  const checked = (field: RegistrationField, hint?: string) => {
    const problem = problems[field];
    return {
      name: field,
      value: form[field],
      onChange: update(field),
      'aria-invalid': problem ? true : undefined,
      hint: problem ? <span className="field-error">{problemText(problem)}</span> : hint,
    };
  };

  return (
    <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <RequiredField label={t('fields.username')} autoComplete="username" {...checked('username')} data-autofocus />
      <RequiredField label={t('fields.email')} type="email" autoComplete="email" {...checked('email')} />
      <RequiredField label={t('fields.firstName')} autoComplete="given-name" {...checked('nickname')} />
      <RequiredField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        {...checked('password', t('password.hint'))}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={isMutating}>
        {isMutating ? t('register.submitting') : t('register.submit')}
      </button>
    </form>
  );
}
