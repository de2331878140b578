import { useTranslation } from 'react-i18next';
import { useDeveloperTools } from '@/lib/developer-tools';

/** Turns the developer pages' links at the foot of every page on or off, for this device. */
export function DeveloperLinksSwitch() {
  const { t } = useTranslation('devtools');
  const [on, setOn] = useDeveloperTools();
  return (
    <label className="developer-switch">
      <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} />
      {t('switch.label')}
    </label>
  );
}
