import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useEnergyExpenditure, type EnergyExpenditure } from '@/features/energy/api/get-energy-expenditure';
import { useTakeGoal } from '@/features/energy/api/take-suggested-goal';
import { WeightTrendChart } from '@/features/energy/components/weight-trend-chart';
import { goalKcal } from '@/features/energy/utils/check-in';
import { aimText, reasonText } from '@/features/energy/utils/words';
import { displayLocale } from '@/lib/i18n';
import { useFailureText } from '@/lib/use-failure-text';
import '@/features/energy/energy.css';

/**
 * The daily need learned from the person's logs and weights (issue 53): how sure it is,
 * what it rests on and what is missing, the intake and the weight's trend, and the goal
 * their aim gives, taken in one tap. While the data is short the number is said to be
 * the formula's, with what to log.
 */
export function EnergyCard() {
  const { t } = useTranslation('pages');
  const estimate = useEnergyExpenditure();
  const titleId = useId();
  return (
    <section className="energy-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('energy.title')}</h2>
      {estimate.data ? (
        <EnergyDetails estimate={estimate.data} />
      ) : estimate.error ? (
        <p className="energy-muted">{t('energy.loadError')}</p>
      ) : (
        <Spinner label={t('energy.loading')} />
      )}
    </section>
  );
}

function EnergyDetails({ estimate }: { estimate: EnergyExpenditure }) {
  const { t, i18n } = useTranslation('pages');
  const locale = displayLocale(i18n.resolvedLanguage);
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const kg = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const signedKg = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const toast = useToast();
  const failureText = useFailureText();
  const { take, taking } = useTakeGoal();
  const low = estimate.confidence === 'low';
  const need = whole.format(estimate.estimated_kcal_per_day);
  const goal = goalKcal(estimate);
  const aim = aimText(t, estimate.aim_kg_per_week, (value) => kg.format(value));
  const confidence = (
    <span className={`energy-confidence energy-confidence-${estimate.confidence}`}>
      {t(`energy.confidence.${estimate.confidence}`)}
    </span>
  );

  async function takeGoal() {
    try {
      await take(goal);
      toast.success(t('energy.taken', { kcal: whole.format(goal) }));
    } catch (caught) {
      toast.error(failureText(caught, t('energy.takeFailed')));
    }
  }

  return (
    <>
      {low ? (
        <div className="energy-need energy-need-low">
          <p>
            {confidence}{' '}
            {estimate.formula_kcal_per_day == null
              ? t('energy.low.goal', { kcal: need })
              : t('energy.low.formula', { kcal: need })}
          </p>
          <p>{t('energy.low.toLog')}</p>
        </div>
      ) : (
        <p className="energy-need">
          <strong>{t('energy.need', { kcal: need })}</strong> · {confidence}
        </p>
      )}

      <dl className="energy-facts">
        <div>
          <dt>{t('energy.intake')}</dt>
          <dd>
            {estimate.intake_kcal_per_day == null
              ? t('energy.none')
              : t('energy.intakeValue', { kcal: whole.format(estimate.intake_kcal_per_day) })}
          </dd>
        </div>
        <div>
          <dt>{t('energy.trend')}</dt>
          <dd>
            {estimate.weight_trend_kg_per_week == null
              ? t('energy.none')
              : t('energy.trendValue', { kg: signedKg.format(estimate.weight_trend_kg_per_week) })}
          </dd>
        </div>
      </dl>

      <WeightTrendChart points={estimate.trend} />

      {estimate.reasons.length > 0 && (
        <div className="energy-reasons">
          <h3>{t('energy.restsOn')}</h3>
          <ul>
            {estimate.reasons.map((reason) => (
              <li key={reason.code}>{reasonText(t, reason)}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="energy-goal">
        <p>
          <span className="energy-muted">{t(low ? 'energy.suggestedLow' : 'energy.suggested', { aim })}</span>
          <br />
          <strong>{t('energy.suggestedValue', { kcal: whole.format(goal) })}</strong>
        </p>
        <p className="energy-muted">{t('energy.currentGoal', { kcal: whole.format(estimate.current_goal_kcal) })}</p>
        {goal === estimate.current_goal_kcal ? (
          <p className="energy-muted">{t('energy.isYourGoal')}</p>
        ) : (
          <button type="button" className="btn btn-primary" disabled={taking} onClick={() => void takeGoal()}>
            {t('energy.take', { kcal: whole.format(goal) })}
          </button>
        )}
      </div>
    </>
  );
}
