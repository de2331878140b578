import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMealFormat } from '@/features/meals/hooks/use-meal-format';
import type { MicronutrientIntake, MicronutrientTargetGroup } from '@/features/meals/types';
import {
  hasBar,
  intakeRows,
  mostWanted,
  tally,
  type NutrientRow,
} from '@/features/meals/utils/micronutrient-bars';
import { MICRONUTRIENT_GROUPS, micronutrientGroup, micronutrientUnit } from '@/lib/micronutrients';
import { useMediaQuery } from '@/lib/use-media-query';
import '@/features/meals/meals.css';

/** A phone first shows this many, those furthest from their targets; a wider screen all. */
const SHORT_LIST = 6;
const WIDE_QUERY = '(min-width: 720px)';

/** The 71+ group of the tables ends at 130. */
const OLDEST = 130;

type MicronutrientTargetsProps = {
  intake: MicronutrientIntake;
  /** A span of days: each amount is the average a logged day, said so. */
  perDay: boolean;
  /** The card's heading level where it sits (a section of the day, or a card of the statistics). */
  level: 2 | 3;
};

/**
 * Vitamins, minerals and fats eaten against the day's targets (issue 36): a bar each,
 * full at the target; what comes from only part of what was eaten said so; too much
 * marked. On a phone the six furthest from their targets first, the rest a tap away.
 */
export function MicronutrientTargets({ intake, perDay, level }: MicronutrientTargetsProps) {
  const { t } = useTranslation('nutrients');
  const titleId = useId();
  const listId = useId();
  const wide = useMediaQuery(WIDE_QUERY);
  const [showAll, setShowAll] = useState<boolean | null>(null);
  const rows = useMemo(() => intakeRows(intake, perDay), [intake, perDay]);
  const Heading = level === 2 ? 'h2' : 'h3';
  const expanded = showAll ?? wide;
  const nothingKnown = rows.every((row) => row.eaten === null);
  const figures = tally(rows);
  const summary = [
    t('day.summary', { reached: figures.reached, count: figures.targets }),
    figures.overUpper > 0 && t('day.overUpper', { count: figures.overUpper }),
    figures.overLimit && t('day.overLimit'),
  ].filter((part) => typeof part === 'string');

  return (
    <section className="nutrient-card" aria-labelledby={titleId}>
      <div className="nutrient-card-header">
        <Heading id={titleId}>{t('day.title')}</Heading>
        {perDay && <span className="nutrient-card-basis">{t('day.averagePerDay')}</span>}
      </div>
      <TargetGroupLine group={intake.micronutrient_target_group} />
      {nothingKnown ? (
        <p className="nutrient-empty">{t('day.noneGiven')}</p>
      ) : (
        <>
          <p className="nutrient-summary">{summary.join(' · ')}</p>
          <div id={listId}>
            {expanded ? (
              MICRONUTRIENT_GROUPS.map((group) => (
                <NutrientGroup key={group} group={group} rows={rows.filter((row) => micronutrientGroup(row.key) === group)} />
              ))
            ) : (
              <ul className="nutrient-list">
                {mostWanted(rows, SHORT_LIST).map((row) => (
                  <NutrientLine key={row.key} row={row} />
                ))}
              </ul>
            )}
          </div>
          <button
            type="button"
            className="link-button nutrient-toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setShowAll(!expanded)}
          >
            {expanded ? t('day.showFewer') : t('day.showAll', { count: rows.length })}
          </button>
        </>
      )}
    </section>
  );
}

/** Whose targets these are; a guessed group says so and where to give one's own. */
function TargetGroupLine({ group }: { group: MicronutrientTargetGroup }) {
  const { t } = useTranslation('nutrients');
  const ages =
    group.age_to >= OLDEST ? t('group.agesFrom', { from: group.age_from }) : t('group.ages', { from: group.age_from, to: group.age_to });
  const who = t(`group.${group.sex}${group.age_from < 19 ? 'Child' : ''}`, { ages });
  return (
    <p className="nutrient-group-line">
      {group.assumed ? (
        <>
          {/* The English words end with their space; Chinese runs on without one. */}
          {t('day.assumed', { group: who })}
          <Link to={`${paths.profile}?edit=body`}>{t('day.setBody')}</Link>
        </>
      ) : (
        t('day.targetsFor', { group: who })
      )}
    </p>
  );
}

function NutrientGroup({ group, rows }: { group: (typeof MICRONUTRIENT_GROUPS)[number]; rows: NutrientRow[] }) {
  const { t } = useTranslation('nutrients');
  const headingId = useId();
  return (
    <section className="nutrient-group" aria-labelledby={headingId}>
      <h4 id={headingId}>{t(`groups.${group}`)}</h4>
      <ul className="nutrient-list">
        {rows.map((row) => (
          <NutrientLine key={row.key} row={row} />
        ))}
      </ul>
    </section>
  );
}

/** A nutrient: its name and amount against the target, a bar where there is one, and what to know of it. */
function NutrientLine({ row }: { row: NutrientRow }) {
  const { t } = useTranslation('nutrients');
  const format = useMealFormat().micronutrient;
  const name = t(`names.${row.key}`);
  const unit = t(`units.${micronutrientUnit(row.key)}`);
  const eaten = row.eaten === null ? '—' : format(row.eaten);
  const target = row.target === null ? null : format(row.target);
  const value =
    target === null
      ? row.eaten === null
        ? eaten
        : t('day.total', { eaten, unit })
      : row.kind === 'limit'
        ? t('day.limitValue', { eaten, target, unit })
        : t('day.value', { eaten, target, unit });
  const notes = [
    row.state === 'overUpper' && row.upperLimit !== null && t('day.aboveUpper', { value: t('amount', { value: format(row.upperLimit), unit }) }),
    row.state === 'overLimit' && t('day.aboveLimit'),
    row.eaten === null && t('day.noneEaten'),
    row.kind === 'limit' && row.target === null && row.eaten !== null && t('day.noLimit'),
    row.partialPercent !== null &&
      (row.uncertain ? t('day.uncertain', { percent: row.partialPercent }) : t('day.partOfEaten', { percent: row.partialPercent })),
  ].filter((note) => typeof note === 'string');
  const percent = row.share === null ? 0 : Math.round(row.share * 100);
  const progress =
    row.eaten === null
      ? t('day.unknownProgress', { name, target, unit })
      : t(row.kind === 'limit' ? 'day.limitProgress' : 'day.progress', { name, eaten, target, unit, percent });
  const warn = row.state === 'overUpper' || row.state === 'overLimit';
  return (
    <li className={`nutrient-line nutrient-${row.state}${row.uncertain ? ' nutrient-uncertain' : ''}`}>
      <span className="nutrient-label">
        <span>{name}</span>
        <span className="nutrient-value">{value}</span>
      </span>
      {hasBar(row) && (
        <div
          className="nutrient-bar"
          role="progressbar"
          aria-label={name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(row.fill)}
          aria-valuetext={progress}
        >
          <span style={{ width: `${row.fill}%` }} />
        </div>
      )}
      {notes.length > 0 && <span className={`nutrient-note${warn ? ' nutrient-note-warning' : ''}`}>{notes.join(' · ')}</span>}
    </li>
  );
}
