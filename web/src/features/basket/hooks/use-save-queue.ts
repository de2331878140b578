import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { createMeal } from '@/features/basket/api/save-meal';
import { flushQueue, readQueue, subscribeQueue, type QueuedSave } from '@/features/basket/utils/save-queue';
import { STORAGE_KEYS } from '@/config/constants';
import { readItem } from '@/lib/storage';
import { useAuth } from '@/lib/auth';
import { isMealChangeKey } from '@/lib/cache-keys';

/**
 * Meals saved offline go to the server when the app starts signed in and when the
 * connection comes back (`online`), each once, with the key it was queued with.
 */
export function useSendQueuedSaves(): void {
  const { t } = useTranslation('basket');
  const { user, isAuthenticated } = useAuth();
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const owner = isAuthenticated && user ? String(user.id ?? user.username) : null;

  useEffect(() => {
    if (owner === null) return;
    let active = true;
    const send = () => {
      void flushQueue(owner, (entry) => createMeal(entry.payload, entry.key)).then(({ sent, refused }) => {
        if (sent.length > 0) void mutate(isMealChangeKey);
        if (!active) return;
        if (sent.length > 0) toast.success(t('queue.sent', { count: sent.length }));
        if (refused.length > 0) toast.error(t('queue.refused', { count: refused.length }), { duration: 0 });
      });
    };
    send();
    window.addEventListener('online', send);
    return () => {
      active = false;
      window.removeEventListener('online', send);
    };
  }, [owner, mutate, toast, t]);
}

/** The signed-in person's meals waiting in the offline queue, oldest first; kept current as it changes. */
export function useQueuedSaves(): QueuedSave[] {
  const { user, isAuthenticated } = useAuth();
  const owner = isAuthenticated && user ? String(user.id ?? user.username) : null;
  // The stored text is the snapshot: the same text is the same queue.
  const raw = useSyncExternalStore(subscribeQueue, () => readItem(STORAGE_KEYS.mealSaveQueue), () => null);
  return useMemo(
    () => (owner === null || raw === null ? [] : readQueue().filter((queued) => queued.owner === owner)),
    [owner, raw],
  );
}
