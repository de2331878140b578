import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { useEnergyExpenditure } from '@/features/energy/api/get-energy-expenditure';
import { useTakeGoal } from '@/features/energy/api/take-suggested-goal';
import {
  checkInDue,
  checkInWorthAsking,
  goalDifference,
  goalKcal,
  rememberCheckIn,
} from '@/features/energy/utils/check-in';
import { useAuth } from '@/lib/auth';
import { displayLocale } from '@/lib/i18n';
import { useFailureText } from '@/lib/use-failure-text';
import '@/features/energy/energy.css';

/**
 * The weekly check-in: when the learned need is fairly sure and the goal it suggests is
 * 100 kcal or more from the person's, once a week asks whether to take it. Either answer
 * is remembered for the week, per person.
 */
export function EnergyCheckIn() {
  const { t, i18n } = useTranslation('pages');
  const { user } = useAuth();
  const person = user?.username ?? null;
  const [answered, setAnswered] = useState(false);
  const due = person !== null && !answered && checkInDue(person);
  const estimate = useEnergyExpenditure({ enabled: due });
  const { take, taking } = useTakeGoal();
  const toast = useToast();
  const failureText = useFailureText();
  const titleId = useId();
  const data = estimate.data;
  if (!due || !data || !checkInWorthAsking(data)) return null;

  const whole = new Intl.NumberFormat(displayLocale(i18n.resolvedLanguage), { maximumFractionDigits: 0 });
  const goal = goalKcal(data);
  const difference = goalDifference(data);
  const words = {
    need: whole.format(data.estimated_kcal_per_day),
    difference: whole.format(Math.abs(difference)),
    goal: whole.format(goal),
  };
  const answer = () => {
    rememberCheckIn(person);
    setAnswered(true);
  };

  async function update() {
    try {
      await take(goal);
      answer();
      toast.success(t('energy.taken', { kcal: words.goal }));
    } catch (caught) {
      toast.error(failureText(caught, t('energy.takeFailed')));
    }
  }

  return (
    <section className="energy-check-in" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('energy.checkIn.title')}</h2>
      <p>{t(difference > 0 ? 'energy.checkIn.more' : 'energy.checkIn.less', words)}</p>
      <div className="energy-check-in-actions">
        <button type="button" className="btn btn-primary" disabled={taking} onClick={() => void update()}>
          {t('energy.checkIn.update')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={taking} onClick={answer}>
          {t('energy.checkIn.notNow')}
        </button>
      </div>
    </section>
  );
}
