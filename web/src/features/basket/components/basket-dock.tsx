import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { dateKey } from '@/components/date-time/dates';
import { Modal } from '@/components/ui/modal';
import { SAVED_NOTICE_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { BasketPanel } from '@/features/basket/components/basket-panel';
import { useBasket } from '@/features/basket/hooks/use-basket';
import {
  showSavedNotice,
  useBasketSave,
  useEditingMealName,
  useSavedNotice,
  type SavedNotice,
} from '@/features/basket/hooks/use-basket-save';
import { PHONE_QUERY } from '@/features/basket/hooks/phone-query';
import { useSendQueuedSaves } from '@/features/basket/hooks/use-save-queue';
import { basketTotals } from '@/features/basket/utils/basket';
import { useAuth } from '@/lib/auth';
import { useMediaQuery } from '@/lib/use-media-query';
import { displayLocale } from '@/lib/i18n';
import '@/features/basket/basket.css';
import { nutritionFormat } from '@/lib/nutrition-format';

/**
 * The basket within reach on every page (issue 15): while it holds something, a bar
 * above the tab bar with its count, kcal and Save. On a phone (or any screen without room
 * for the basket beside the search results, < 960 px) the bar opens the basket as
 * a bottom sheet; on a wide screen the search page shows the basket beside the results,
 * and the bar elsewhere leads there. After a save, a notice with a link to that day.
 */
export function BasketDock() {
  const { t, i18n } = useTranslation('basket');
  const { isAuthenticated } = useAuth();
  const basket = useBasket();
  const phone = useMediaQuery(PHONE_QUERY);
  const { pathname } = useLocation();
  const notice = useSavedNotice();
  const saving = useBasketSave(basket);
  const editingName = useEditingMealName();
  const [open, setOpen] = useState(false);
  const sheetTitleId = useId();
  useSendQueuedSaves();

  const count = basket.lines.length;
  // A new page or a save closes the sheet (in the render that shows them); a basket
  // filling again retires the last notice.
  const [shownFor, setShownFor] = useState({ pathname, notice });
  if (shownFor.pathname !== pathname || shownFor.notice !== notice) {
    setShownFor({ pathname, notice });
    setOpen(false);
  }
  useEffect(() => {
    if (count > 0) showSavedNotice(null);
  }, [count]);
  // The notice of a save belongs to the page it was given on, for a short time: it goes
  // when the person leaves the page, or after a while unless they are at it.
  const noticeGiven = useRef<{ notice: SavedNotice; page: string } | null>(null);
  const [heldNotice, setHeldNotice] = useState<SavedNotice | null>(null);
  const noticeHeld = notice !== null && heldNotice === notice;
  useEffect(() => {
    if (!notice) return;
    if (noticeGiven.current?.notice !== notice) noticeGiven.current = { notice, page: pathname };
    if (noticeGiven.current.page !== pathname) {
      showSavedNotice(null);
      return;
    }
    if (noticeHeld) return;
    const timer = setTimeout(() => showSavedNotice(null), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, pathname, noticeHeld]);

  if (!isAuthenticated) return null;

  const onSearchPage = pathname === paths.home;
  // On a wide screen the search page has the basket beside the results already.
  const showBar = count > 0 && (phone || !onSearchPage);
  if (!showBar && !notice) return null;

  const locale = displayLocale(i18n.resolvedLanguage);
  const kcal = t('basket.kcal', {
    value: nutritionFormat(locale).kcal(basketTotals(basket.lines).calories),
  });
  const items = t('bar.items', { count });
  const openLabel = t('bar.open', { items, kcal });
  const summary = (
    <>
      <svg className="basket-bar-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M3 9h18l-2 11H5L3 9Zm4 0 4-6m6 6-4-6M9 13v4m6-4v4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="basket-bar-count">{items}</span>
      <span className="basket-bar-kcal">{kcal}</span>
    </>
  );
  const today = dateKey(new Date());
  const editingLine = showBar && basket.editing !== null;

  return (
    <>
      {/* Keeps the end of every page clear of the bar (and of the edit's line above it). */}
      <div className={editingLine ? 'basket-dock-spacer basket-dock-spacer-editing' : 'basket-dock-spacer'} aria-hidden="true" />
      <div className={editingLine ? 'basket-dock basket-dock-editing' : 'basket-dock'}>
        {editingLine && basket.editing && (
          // An edit left open is said where the basket is: tapping the bar keeps editing.
          <p className="basket-bar-editing">
            <span className="basket-bar-editing-name">{t('openEdit.barEditing', { name: editingName(basket.editing) })}</span>
            <button type="button" className="link-button basket-bar-discard" onClick={basket.clear}>
              {t('openEdit.barDiscard')}
            </button>
          </p>
        )}
        {showBar ? (
          <section className="basket-bar" aria-label={t('bar.label')}>
            {phone ? (
              <button
                type="button"
                className="basket-bar-open"
                aria-haspopup="dialog"
                aria-expanded={open}
                aria-label={openLabel}
                onClick={() => setOpen(true)}
              >
                {summary}
              </button>
            ) : (
              <Link className="basket-bar-open" to={paths.home} aria-label={openLabel}>
                {summary}
              </Link>
            )}
            <button
              type="button"
              className="btn btn-primary basket-bar-save"
              disabled={saving.saving}
              onClick={() => void saving.save()}
            >
              {saving.saving ? t('basket.saving') : basket.editing ? t('basket.update') : t('basket.save')}
            </button>
          </section>
        ) : (
          notice && (
            <div
              className={notice.offline ? 'basket-notice basket-notice-offline' : 'basket-notice'}
              role="status"
              onPointerEnter={() => setHeldNotice(notice)}
              onPointerLeave={() => setHeldNotice(null)}
              onFocus={() => setHeldNotice(notice)}
              onBlur={() => setHeldNotice(null)}
            >
              <span className="basket-notice-text">
                {notice.offline
                  ? t('notice.offline', { name: notice.name })
                  : notice.updated
                    ? t('basket.updatedMeal', { name: notice.name })
                    : t('basket.saved', { name: notice.name })}
              </span>
              <Link
                className="basket-notice-link"
                to={`${paths.dashboard}?date=${notice.day}`}
                onClick={() => showSavedNotice(null)}
              >
                {notice.day === today ? t('notice.viewToday') : t('notice.viewDay')}
              </Link>
              <button
                type="button"
                className="icon-button basket-notice-close"
                aria-label={t('notice.dismiss')}
                onClick={() => showSavedNotice(null)}
              >
                ×
              </button>
            </div>
          )
        )}
      </div>
      <Modal
        open={open && phone && count > 0}
        onClose={() => setOpen(false)}
        labelledBy={sheetTitleId}
        className="basket-sheet"
      >
        <BasketPanel basket={basket} titleId={sheetTitleId} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}
