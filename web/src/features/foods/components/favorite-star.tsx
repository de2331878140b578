import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { useAddFavorite } from '@/features/foods/api/add-favorite';
import { useRemoveFavorite } from '@/features/foods/api/remove-favorite';
import { useFoodLanguage } from '@/features/foods/hooks/use-food-language';
import { displayName } from '@/features/foods/utils/names';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { Food } from '@/types/food';

/**
 * Stars or unstars a food. Only signed-in people have favourites, and only saved foods
 * can be starred, so for anyone else (or a USDA hit not saved yet) nothing shows.
 */
export function FavoriteStar({ food }: { food: Food }) {
  const { t } = useTranslation('foods');
  const { language } = useFoodLanguage();
  const { isAuthenticated } = useAuth();
  const toast = useToast();
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  // The server's answer shows at once; the lists catch up when they revalidate.
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [shownFor, setShownFor] = useState(food.is_favorite);
  if (shownFor !== food.is_favorite) {
    setShownFor(food.is_favorite);
    setAnswered(null);
  }

  if (!isAuthenticated || typeof food.id !== 'number') return null;
  const id = food.id;
  const favorite = answered ?? food.is_favorite;
  const busy = add.isMutating || remove.isMutating;
  const name = displayName(food, language);

  async function toggle() {
    try {
      const { food: changed } = favorite ? await remove.trigger(id) : await add.trigger(id);
      setAnswered(changed.is_favorite);
    } catch (error) {
      toast.error(serverMessage(error) ?? t('favorites.failed'));
    }
  }

  return (
    <button
      type="button"
      className={favorite ? 'favorite-star favorite-star-on' : 'favorite-star'}
      aria-pressed={favorite}
      aria-label={t('favorites.star', { name })}
      title={favorite ? t('favorites.remove') : t('favorites.add')}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M10 1.8l2.5 5.3 5.7.7-4.2 4 1.1 5.7L10 14.7l-5.1 2.8L6 11.8l-4.2-4 5.7-.7L10 1.8z"
          fill={favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
