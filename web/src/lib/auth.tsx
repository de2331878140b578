import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSWRConfig } from 'swr';
import { LOGIN_STATE_FAILURE_COOLDOWN_MS, STORAGE_KEYS } from '@/config/constants';
import { api, ApiError, CLIENT_ERROR_CODES, type ApiClient } from '@/lib/api-client';
import {
  clearPersonalData,
  localTokenStore,
  readJson,
  writeJson,
  type TokenStore,
} from '@/lib/storage';

/** The server decides the user's fields (SPEC 3); these are the ones the UI reads. */
export type User = {
  id?: number | string;
  username: string;
  email?: string;
  nickname?: string;
  [field: string]: unknown;
};

/** What login (and later register or email verification) hands over. */
export type AuthSession = {
  access: string;
  refresh?: string | null;
  user: User;
};

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

type AuthState = { status: AuthStatus; user: User | null };

export type LogoutOptions = {
  /**
   * Skip telling the server (POST /auth/logout): for a session the server has already
   * ended, e.g. after the account was deleted.
   */
  localOnly?: boolean;
};

export type AuthContextValue = AuthState & {
  isAuthenticated: boolean;
  signIn: (session: AuthSession) => void;
  /** Merges fields into the signed-in user (and its stored copy), e.g. a new nickname. */
  updateUser: (fields: Partial<User>) => void;
  logout: (options?: LogoutOptions) => void;
};

export type LoginDialogTab = 'login' | 'register';

export type LoginDialogContextValue = {
  isOpen: boolean;
  tab: LoginDialogTab;
  open: (tab?: LoginDialogTab) => void;
  close: () => void;
  setTab: (tab: LoginDialogTab) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);
const LoginDialogContext = createContext<LoginDialogContextValue | null>(null);

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as User).username === 'string';
}

/** GET /auth/user/ may answer the user itself or `{ user }`. */
function userFrom(data: unknown): User | null {
  if (isUser(data)) return data;
  if (typeof data === 'object' && data !== null && isUser((data as { user?: unknown }).user)) {
    return (data as { user: User }).user;
  }
  return null;
}

function initialState(tokens: TokenStore): AuthState {
  if (!tokens.getAccess()) return { status: 'anonymous', user: null };
  const stored = readJson<unknown>(STORAGE_KEYS.user);
  // Show the stored user at once; the check against the server follows.
  return isUser(stored) ? { status: 'authenticated', user: stored } : { status: 'loading', user: null };
}

type AuthProviderProps = {
  children: ReactNode;
  client?: ApiClient;
  tokens?: TokenStore;
};

export function AuthProvider({ children, client = api, tokens = localTokenStore }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(() => initialState(tokens));
  const [dialog, setDialog] = useState<{ isOpen: boolean; tab: LoginDialogTab }>({
    isOpen: false,
    tab: 'login',
  });
  const { mutate } = useSWRConfig();
  const lastFailureAt = useRef(Number.NEGATIVE_INFINITY);
  // Counts sign-ins, so that the start-up check, answering late, never undoes a newer
  // sign-in (an email verified while the remembered session was being checked).
  const signIns = useRef(0);

  const forgetCachedData = useCallback(() => {
    void mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);

  const openDialog = useCallback((tab: LoginDialogTab = 'login') => setDialog({ isOpen: true, tab }), []);
  const closeDialog = useCallback(() => setDialog((d) => ({ ...d, isOpen: false })), []);
  const setTab = useCallback((tab: LoginDialogTab) => setDialog((d) => ({ ...d, tab })), []);

  // Verify a remembered session once at start.
  useEffect(() => {
    if (!tokens.getAccess()) return;
    let cancelled = false;
    const signInsAtStart = signIns.current;
    const outdated = () => cancelled || signIns.current !== signInsAtStart;
    client
      .get<unknown>('/auth/user/')
      .then((data) => {
        if (outdated()) return;
        const user = userFrom(data);
        if (!user) throw new ApiError('Invalid user response', { status: 200 });
        writeJson(STORAGE_KEYS.user, user);
        // The same user as remembered (the usual case) keeps the state, so the whole app
        // does not render again for nothing as a visit starts.
        setState((current) =>
          current.status === 'authenticated' && JSON.stringify(current.user) === JSON.stringify(user)
            ? current
            : { status: 'authenticated', user },
        );
      })
      .catch((error: unknown) => {
        if (outdated()) return;
        if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network) {
          // Server unreachable: keep the session; the next call will tell.
          setState((s) => (s.user ? s : { status: 'anonymous', user: null }));
          return;
        }
        tokens.clear();
        setState({ status: 'anonymous', user: null });
      });
    return () => {
      cancelled = true;
    };
  }, [client, tokens]);

  // The client has already dropped the tokens; end the session here and ask to log in.
  useEffect(
    () =>
      client.onSessionFailed(() => {
        const now = Date.now();
        if (now - lastFailureAt.current < LOGIN_STATE_FAILURE_COOLDOWN_MS) return;
        lastFailureAt.current = now;
        setState({ status: 'anonymous', user: null });
        forgetCachedData();
        openDialog('login');
      }),
    [client, forgetCachedData, openDialog],
  );

  const signIn = useCallback(
    (session: AuthSession) => {
      signIns.current += 1;
      tokens.setTokens(session.access, session.refresh ?? null);
      writeJson(STORAGE_KEYS.user, session.user);
      setState({ status: 'authenticated', user: session.user });
    },
    [tokens],
  );

  const updateUser = useCallback((fields: Partial<User>) => {
    setState((current) => {
      if (!current.user) return current;
      const user: User = { ...current.user, ...fields };
      writeJson(STORAGE_KEYS.user, user);
      return { ...current, user };
    });
  }, []);

  const logout = useCallback((options?: LogoutOptions) => {
    const refresh = tokens.getRefresh();
    // Best effort: the session ends here whatever the server answers.
    if (refresh && !options?.localOnly) client.post('/auth/logout', { refresh_token: refresh }).catch(() => undefined);
    tokens.clear();
    clearPersonalData();
    forgetCachedData();
    setState({ status: 'anonymous', user: null });
  }, [client, tokens, forgetCachedData]);

  const auth = useMemo<AuthContextValue>(
    () => ({ ...state, isAuthenticated: state.status === 'authenticated', signIn, updateUser, logout }),
    [state, signIn, updateUser, logout],
  );
  const loginDialog = useMemo<LoginDialogContextValue>(
    () => ({ ...dialog, open: openDialog, close: closeDialog, setTab }),
    [dialog, openDialog, closeDialog, setTab],
  );

  return (
    <AuthContext.Provider value={auth}>
      <LoginDialogContext.Provider value={loginDialog}>{children}</LoginDialogContext.Provider>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function useLoginDialog(): LoginDialogContextValue {
  const value = useContext(LoginDialogContext);
  if (!value) throw new Error('useLoginDialog must be used inside <AuthProvider>');
  return value;
}
