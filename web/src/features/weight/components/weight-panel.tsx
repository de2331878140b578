import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateKey } from '@/components/date-time/dates';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormMessage, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useDeleteWeight } from '@/features/weight/api/delete-weight';
import { useWeightHistory } from '@/features/weight/api/get-weight-history';
import { useRecordWeight } from '@/features/weight/api/record-weight';
import type { WeightRecord } from '@/features/weight/types';
import { MAX_WEIGHT_KG, MIN_WEIGHT_KG, parseWeight } from '@/features/weight/utils/weight';
import { serverMessage } from '@/lib/api-client';
import { displayLocale } from '@/lib/i18n';
import '@/features/weight/weight.css';

const TimeChart = lazy(() => import('@/components/charts/time-chart'));

/** Body weight: a form to record the day's weight, the trend and the records. */
export function WeightPanel() {
  const { t, i18n } = useTranslation('meals');
  const toast = useToast();
  const confirm = useConfirm();
  const history = useWeightHistory();
  const recordWeight = useRecordWeight();
  const deleteWeight = useDeleteWeight();
  const ids = { dateHint: useId(), error: useId() };
  const today = dateKey(new Date());
  const [date, setDate] = useState(today);
  const [weight, setWeight] = useState('');
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Which field a refused entry is about; the form says why beside it.
  const [invalid, setInvalid] = useState<'date' | 'weight' | null>(null);
  const edited = (field: 'date' | 'weight') => {
    if (invalid !== field) return;
    setInvalid(null);
    setError(null);
  };
  const locale = displayLocale(i18n.resolvedLanguage);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

  const records = useMemo(() => history.data?.records ?? [], [history.data]);
  const chartDays = useMemo(() => records.map((r) => r.date), [records]);
  const chartSeries = useMemo(
    () => [{ label: t('weight.title'), values: records.map((r) => r.weight), color: '#2f6fb3', kind: 'line' as const }],
    [records, t],
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (date === '') {
      setInvalid('date');
      setError(t('weight.dateRequired'));
      return;
    }
    const kg = parseWeight(weight);
    if (kg === null) {
      setInvalid('weight');
      setError(t('weight.invalid', { min: MIN_WEIGHT_KG, max: MAX_WEIGHT_KG }));
      return;
    }
    setSaving(true);
    setInvalid(null);
    setError(null);
    try {
      await recordWeight({ date, weight: kg, ...(notes.trim() ? { notes: notes.trim() } : {}) });
      setWeight('');
      setNotes('');
      toast.success(t('weight.saved'));
    } catch (caught) {
      setError(serverMessage(caught) ?? t('weight.saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  async function remove(record: WeightRecord) {
    const value = t('weight.value', { value: number.format(record.weight) });
    const confirmed = await confirm({
      title: t('weight.deleteTitle'),
      message: t('weight.deleteMessage', { date: record.date, value }),
      confirmLabel: t('weight.deleteConfirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await deleteWeight(record.id);
      toast.success(t('weight.deleted'));
    } catch (caught) {
      toast.error(serverMessage(caught) ?? t('weight.deleteFailed'));
    }
  }

  return (
    <section className="weight" aria-labelledby="weight-title">
      <h2 id="weight-title">{t('weight.title')}</h2>
      <form className="weight-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('weight.date')}
          type="date"
          max={today}
          value={date}
          required
          aria-invalid={invalid === 'date'}
          aria-describedby={invalid === 'date' ? ids.error : ids.dateHint}
          onChange={(e) => {
            setDate(e.target.value);
            edited('date');
          }}
        />
        <TextField
          label={t('weight.weight')}
          type="number"
          inputMode="decimal"
          min={MIN_WEIGHT_KG}
          max={MAX_WEIGHT_KG}
          step={0.1}
          required
          value={weight}
          aria-invalid={invalid === 'weight'}
          aria-describedby={invalid === 'weight' ? ids.error : undefined}
          onChange={(e) => {
            setWeight(e.target.value);
            edited('weight');
          }}
        />
        <TextField
          label={t('weight.notes')}
          type="text"
          maxLength={1000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('weight.saving') : t('weight.save')}
        </button>
      </form>
      <p id={ids.dateHint} className="field-hint weight-hint">
        {t('weight.dateHint')}
      </p>
      {error && (
        <div id={ids.error}>
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}

      {history.error ? (
        <p role="alert">{serverMessage(history.error) ?? t('weight.loadError')}</p>
      ) : !history.data ? (
        <Spinner />
      ) : records.length === 0 ? (
        <p className="stats-empty">{t('weight.empty')}</p>
      ) : (
        <>
          {records.length > 1 && (
            <div className="weight-chart">
              <h3>{t('weight.chart')}</h3>
              <Suspense fallback={<div className="time-chart" aria-hidden="true" />}>
                <TimeChart
                  days={chartDays}
                  series={chartSeries}
                  unit={t('weight.kg')}
                  dateLabel={t('weight.date')}
                  locale={locale}
                  height={180}
                />
              </Suspense>
              {typeof history.data.change === 'number' && (
                <p className="stats-note">
                  {t('weight.change', { value: `${history.data.change > 0 ? '+' : ''}${number.format(history.data.change)}` })}
                </p>
              )}
            </div>
          )}
          <h3>{t('weight.history')}</h3>
          <ul className="weight-records">
            {[...records].reverse().map((record) => (
              <li key={record.id}>
                <time dateTime={record.date}>{record.date}</time>
                <strong>{t('weight.value', { value: number.format(record.weight) })}</strong>
                {record.notes && <span className="weight-notes">{record.notes}</span>}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('weight.delete', { date: record.date })}
                  onClick={() => void remove(record)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
