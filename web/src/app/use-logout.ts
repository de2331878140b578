import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useBasket } from '@/features/basket/hooks/use-basket';
import { useLogoutToHome } from '@/lib/use-logout-to-home';

/**
 * Log out from the navigation. Logging out empties the basket (SPEC 4), so foods not yet
 * saved as a meal are only thrown away once the person says so.
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation(['common', 'auth']);
  const { lines } = useBasket();
  const confirm = useConfirm();
  const logoutToHome = useLogoutToHome();
  const toast = useToast();
  const count = lines.length;

  return useCallback(async () => {
    if (count > 0) {
      const discard = await confirm({
        title: t('logoutConfirm.title'),
        message: t('logoutConfirm.message', { count }),
        confirmLabel: t('logoutConfirm.confirm'),
        tone: 'danger',
      });
      if (!discard) return;
    }
    // Leaves any protected page in the same render, so it does not ask to log in again.
    logoutToHome();
    toast.success(t('auth:logout.success'));
  }, [count, confirm, logoutToHome, toast, t]);
}
